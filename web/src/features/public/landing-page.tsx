import { useBrand } from '../../lib/public-config';

export function LandingPage() {
  const brand = useBrand();
  return <main><h1>{brand.name}</h1></main>;
}
