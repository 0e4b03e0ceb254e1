/** A value as indented JSON, for event data and metadata an auditor reads as recorded. */
export function JsonView({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre className="json-view" aria-label={label} tabIndex={0}>
      {JSON.stringify(value ?? null, null, 2)}
    </pre>
  );
}
