import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { Field } from '../../../components/field';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { allUnderFields, serverFieldErrors } from '../../../lib/field-errors';
import { PageHead } from '../ui/page-head';
import { LastChange } from './last-change';
import { AgreedRates } from './agreed-rates';
import { settingsApi, settingsKey, type AdminSettings } from './settings-api';
import { CONTROL_FIELDS, draftOf, FEE_FIELDS, LIMIT_FIELDS, POLICY_FIELDS, RATE_FIELDS, settingsChanges, type SettingsDraft } from './settings-draft';
import { SettingsInput } from './settings-input';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';
import { WaitingNotice } from '../changes/waiting-notice';
import '../admin-forms.css';
import { SubmitButton } from '../../../components/submit-button';
import { OptionsSelect } from '../../../components/options-select';

/** Global Settings: the four rates, the fees, the order limits and the desk's controls of the admin's tenant. */
export function AdminSettingsPage() {
  const settings = useQuery({ queryKey: settingsKey, queryFn: settingsApi.get });
  return (
    <div className="admin-page">
      <PageHead title="Global Settings" />
      <Loaded query={settings} loading="Loading settings..." failed="Unauthorized or server error" failedCard>
        {/* Keyed by revision: a save (or someone else's, on refetch) starts the form from what is stored. */}
        {(saved) => <SettingsForm key={saved.revision ?? 'defaults'} saved={saved} />}
      </Loaded>
    </div>
  );
}

function SettingsForm({ saved }: { saved: AdminSettings }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(saved));
  const [problems, setProblems] = useState<Record<string, string>>({});
  // A change that loosens the desk's rules waits for a second admin (202): nothing saved yet.
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (answer) => {
      if (waitsForSecondAdmin(answer)) return setWaiting(answer.change);
      const { message, ...stored } = answer;
      setWaiting(null);
      toast(message || 'Settings saved successfully');
      client.setQueryData(settingsKey, stored);
      // Rates and fees show on the public pages and in the customer forms too.
      void client.invalidateQueries({ queryKey: ['config', 'public'] });
    },
    // What the server refuses for a field shows under it (below); anything else in a toast.
    onError: (error) => {
      if (!allUnderFields(error, serverFieldErrors(error, Object.keys(draft)))) toast(failureText(error, 'Failed to save settings'), 'error');
    },
  });
  // Until the next save: a new one clears the mutation's error.
  const refused = serverFieldErrors(save.error, Object.keys(draft));
  const edit = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { patch, problems: found } = settingsChanges(draft, saved);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (!patch) return toast('Nothing to save: no setting was changed', 'info');
    save.mutate(patch);
  };

  const input = (name: string, label: string, extra: { placeholder?: string; hint?: string; whole?: boolean; min?: number } = {}) => (
    <SettingsInput key={name} name={name} label={label} value={draft[name] ?? ''} error={problems[name] ?? refused[name]} onChange={edit} {...extra} />
  );

  return (
    <form className="admin-page" onSubmit={submit} noValidate>
      <section className="card admin-section" aria-labelledby="rates-title">
        <h2 id="rates-title">Exchange Rates</h2>
        <p className="muted">INR per USDT. A rate of 0 falls back to the base rate ({saved.rates.usdtInr}).</p>
        <div className="admin-form-grid">{RATE_FIELDS.map(({ key, label }) => input(`rates.${key}`, label, { placeholder: '85.00' }))}</div>
        <AgreedRates agreed={saved.agreedRates} titleId="agreed-rates-title" />
      </section>

      <section className="card admin-section" aria-labelledby="fees-title">
        <h2 id="fees-title">Fees</h2>
        <div className="admin-form-grid">{FEE_FIELDS.map(({ key, label }) => input(`fees.${key}`, label))}</div>
      </section>

      <section className="card admin-section" aria-labelledby="limits-title">
        <h2 id="limits-title">Order Limits</h2>
        <div className="admin-form-grid">
          {LIMIT_FIELDS.flatMap(({ key, label }) => [
            input(`limits.${key}.min`, `${label} minimum`, { whole: true }),
            input(`limits.${key}.max`, `${label} maximum`, { whole: true }),
          ])}
        </div>
      </section>

      <section className="card admin-section" aria-labelledby="controls-title">
        <h2 id="controls-title">Desk controls</h2>
        <div className="admin-form-grid">
          {CONTROL_FIELDS.map(({ key, label, hint, zero }) => input(`controls.${key}`, label, { hint, whole: zero !== null, min: 0 }))}
        </div>
      </section>

      <section className="card admin-section" aria-labelledby="reconciliation-title">
        <h2 id="reconciliation-title">Bank and chain checks</h2>
        <div className="admin-form-grid">
          {POLICY_FIELDS.map(({ key, label, hint, options }) => (
            <Field key={key} label={label} hint={hint} error={refused[`controls.${key}`]}>
              <OptionsSelect
                name={`controls.${key}`}
                value={draft[`controls.${key}`] ?? ''}
                options={options}
                onChange={(value) => edit(`controls.${key}`, value)}
              />
            </Field>
          ))}
        </div>
      </section>

      {waiting && <WaitingNotice change={waiting} />}
      <div className="card">
        <LastChange settings={saved} />
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Save All Settings
        </SubmitButton>
      </div>
    </form>
  );
}
