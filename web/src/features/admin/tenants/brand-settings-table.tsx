import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { CONTROL_FIELDS, FEE_FIELDS, LIMIT_FIELDS, POLICY_FIELDS } from '../settings/settings-draft';
import type { BrandSettings } from './brand-settings-api';
import { BRAND_RATE_FIELDS, type OverridesDraft } from './brand-settings-draft';
import { OverrideInput } from './brand-settings-override-input';

type Range = { min: number; max: number };

const grouped = new Intl.NumberFormat('en-IN');
const range = (r: Range) => `${grouped.format(r.min)} – ${grouped.format(r.max)}`;
// A rate of 0 is "unset": the customer forms fall back to the base rate (settings page).
const rate = (value: number, base: boolean) => (value === 0 && !base ? '0 (base rate)' : String(value));
const percent = (value: number) => `${value}%`;
// A control of 0 is off: no second admin, or no limit on a customer.
const rupees = (value: number, zero: string) => (value === 0 ? `0 (${zero})` : grouped.format(value));
// The band is a percentage and has no "off".
const control = (value: number, zero: string | null) => (zero === null ? percent(value) : rupees(value, zero));

interface BrandSettingsTableProps {
  saved: BrandSettings;
  draft: OverridesDraft;
  problems: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

/** Each rate, fee, limit and control: the Global Settings' value, the brand's override (empty: none) and what its customers get. */
export function BrandSettingsTable({ saved, draft, problems, onChange }: BrandSettingsTableProps) {
  const { global, effective, overrides } = saved;
  const input = (name: string, label: string, placeholder: string, whole = false, min?: number) => (
    <OverrideInput name={name} label={label} placeholder={placeholder} whole={whole} min={min} draft={draft} problems={problems} onChange={onChange} />
  );
  const rows: { label: string; global: string; override: ReactNode; effective: string; overridden: boolean }[] = [
    ...BRAND_RATE_FIELDS.map(({ key, label }) => ({
      label,
      global: rate(global.rates[key], key === 'usdtInr'),
      override: input(`rates.${key}`, `${label} override`, String(global.rates[key])),
      effective: rate(effective.rates[key], key === 'usdtInr'),
      overridden: overrides.rates[key] !== undefined,
    })),
    ...FEE_FIELDS.map(({ key, label }) => ({
      label,
      global: percent(global.fees[key]),
      override: input(`fees.${key}`, `${label} override`, String(global.fees[key])),
      effective: percent(effective.fees[key]),
      overridden: overrides.fees[key] !== undefined,
    })),
    ...LIMIT_FIELDS.map(({ key, label }) => ({
      label,
      global: range(global.limits[key]),
      override: (
        <span className="brand-override-range">
          {input(`limits.${key}.min`, `${label} minimum override`, String(global.limits[key].min), true)}
          {input(`limits.${key}.max`, `${label} maximum override`, String(global.limits[key].max), true)}
        </span>
      ),
      effective: range(effective.limits[key]),
      overridden: overrides.limits[key] !== undefined,
    })),
    ...CONTROL_FIELDS.map(({ key, label, zero }) => ({
      label,
      global: control(global.controls[key], zero),
      override: input(`controls.${key}`, `${label} override`, String(global.controls[key]), zero !== null, 0),
      effective: control(effective.controls[key], zero),
      overridden: overrides.controls[key] !== undefined,
    })),
    ...POLICY_FIELDS.map(({ key, label, options }) => {
      const words = (value: string | undefined) => options.find((option) => option.value === value)?.label ?? value ?? '';
      return {
        label,
        global: words(global.controls[key]),
        override: (
          <select
            aria-label={`${label} override`}
            name={`controls.${key}`}
            value={draft[`controls.${key}`] ?? ''}
            onChange={(e) => onChange(`controls.${key}`, e.target.value)}
          >
            <option value="">As the Global Settings</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ),
        effective: words(effective.controls[key]),
        overridden: overrides.controls[key] !== undefined,
      };
    }),
  ];
  return (
    <DataTable
      className="admin-table brand-settings"
      label="Brand settings"
      rows={rows}
      rowKey={(row) => row.label}
      columns={[
        { header: 'Setting', rowHeader: true, cell: (row) => row.label },
        // Words ("Show them; an admin verifies") wrap, so the table fits a laptop beside the sidebar.
        { header: 'Global', className: 'wrap', cell: (row) => row.global },
        { header: 'Override', cell: (row) => row.override },
        {
          header: 'Effective',
          className: 'wrap',
          cell: (row) => (
            <>
              {row.effective}
              {row.overridden && <span className="badge admin-role">Overridden</span>}
            </>
          ),
        },
      ]}
    />
  );
}
