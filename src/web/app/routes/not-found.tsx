import { Link } from 'wouter';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  usePageTitle('404 - Page Not Found');
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold">404 - Page Not Found</h1>
      <p className="mt-4 text-stone-400">There is nothing at this address.</p>
      <Link to={paths.home} className="mt-6 inline-block text-gold-300 underline hover:text-gold-400">
        Back to the home page
      </Link>
    </div>
  );
}
