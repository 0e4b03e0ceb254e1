export function RegisterPage() {
  return <main><h1>RegisterPage</h1></main>;
}
