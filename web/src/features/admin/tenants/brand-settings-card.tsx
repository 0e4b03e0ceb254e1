import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { failureBesideFields, serverFieldErrors } from '../../../lib/field-errors';
import { ErrorAlert } from '../../../components/error-alert';
import { LastChange } from '../settings/last-change';
import { AgreedRates } from '../settings/agreed-rates';
import { brandSettingsApi, brandSettingsKey, type BrandSettings } from './brand-settings-api';
import { overridesDraft, parseOverrides, sameOverrides, type OverridesDraft } from './brand-settings-draft';
import { BrandSettingsTable } from './brand-settings-table';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';
import { WaitingNotice } from '../changes/waiting-notice';
import { SubmitButton } from '../../../components/submit-button';

/** A brand's own rates, fees, limits and controls over the Global Settings, on the brand's detail page. */
export function BrandSettingsCard({ tenantId }: { tenantId: string }) {
  const settings = useQuery({ queryKey: brandSettingsKey(tenantId), queryFn: () => brandSettingsApi.get(tenantId) });
  return (
    <section className="card admin-section" aria-labelledby="brand-settings-title">
      <h2 id="brand-settings-title">Brand settings</h2>
      <p className="muted">What this brand's customers trade at. Leave an override empty to follow the Global Settings.</p>
      <Loaded query={settings} loading="Loading brand settings..." failed={failureText(settings.error, 'Failed to load brand settings')}>
        {/* Keyed by what is stored: a save (or another admin's, on a refetch) starts the inputs from it. */}
        {(saved) => <BrandSettingsForm key={JSON.stringify(saved.overrides)} tenantId={tenantId} saved={saved} />}
      </Loaded>
    </section>
  );
}

function BrandSettingsForm({ tenantId, saved }: { tenantId: string; saved: BrandSettings }) {
  const [draft, setDraft] = useState<OverridesDraft>(() => overridesDraft(saved.overrides));
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Overrides that loosen what the brand's customers get wait for a second admin (202).
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (overrides: Parameters<typeof brandSettingsApi.save>[1]) => brandSettingsApi.save(tenantId, overrides),
    onSuccess: (answer) => {
      if (waitsForSecondAdmin(answer)) return setWaiting(answer.change);
      const { message, ...stored } = answer;
      setWaiting(null);
      toast(message || 'Brand settings saved');
      client.setQueryData(brandSettingsKey(tenantId), stored);
      // The brand's public pages and customer forms show its rates, fees and limits.
      void client.invalidateQueries({ queryKey: ['config', 'public'] });
    },
  });
  // What the server refused for a field shows under it, until the next save clears the error.
  const refused = serverFieldErrors(save.error, Object.keys(draft));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { overrides, problems: found } = parseOverrides(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (sameOverrides(overrides, parseOverrides(overridesDraft(saved.overrides)).overrides)) return toast('Nothing to save: no setting was changed', 'info');
    save.mutate(overrides);
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <BrandSettingsTable
        saved={saved}
        draft={draft}
        problems={{ ...refused, ...problems }}
        onChange={(name, value) => setDraft((d) => ({ ...d, [name]: value }))}
      />
      <LastChange settings={saved} unchanged="No overrides yet: this brand follows the Global Settings." />
      <AgreedRates agreed={saved.agreedRates} titleId="brand-agreed-rates-title" />
      <ErrorAlert>{failureBesideFields(save.error, refused, 'Failed to save brand settings')}</ErrorAlert>
      {waiting && <WaitingNotice change={waiting} />}
      <div className="row">
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Save Brand Settings
        </SubmitButton>
      </div>
    </form>
  );
}
