export function CustomerRoutes() {
  return <main><h1>Customer area</h1></main>;
}
