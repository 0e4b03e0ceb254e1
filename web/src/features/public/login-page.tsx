export function LoginPage() {
  return <main><h1>LoginPage</h1></main>;
}
