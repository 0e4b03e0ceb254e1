import { Modal } from '../../../components/modal';
import { CopyButton } from '../../../components/copy-button';

/**
 * A signing secret, shown once (after adding an endpoint or rotating its secret): the desk keeps it
 * sealed and never shows it again, so the admin copies it into the receiving system now.
 */
export function SecretOnceModal({ secret, rotated, onClose }: { secret: string; rotated?: string | null; onClose: () => void }) {
  return (
    <Modal title="Your signing secret" onClose={onClose} doneLabel="I have copied it">
      <p>Copy this secret into the system that receives the events. It is shown only now: the desk cannot show it again.</p>
      <p className="webhook-secret">
        <code data-testid="webhook-secret">{secret}</code>
      </p>
      <CopyButton text={secret} done="Secret copied" what="the signing secret" />
      {rotated && (
        <p className="muted webhook-note">
          The previous secret keeps signing beside this one until {new Date(rotated).toLocaleString('en-IN')}, so your system has a day to switch.
        </p>
      )}
    </Modal>
  );
}
