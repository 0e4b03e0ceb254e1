export function AdminSettingsPage() {
  return <h1>Global Settings</h1>;
}
