/** A brand made over HTTP as the operator's admin (POST /api/admin/tenants), for the benches that spread work over brands. */
export async function createBrand(base: string, token: string, domain: string): Promise<string> {
  const form = new FormData();
  form.set('name', domain);
  form.set('domain', domain);
  const response = await fetch(`${base}/api/admin/tenants`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 201) throw new Error(`create brand: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { tenant: { _id: string } }).tenant._id;
}
