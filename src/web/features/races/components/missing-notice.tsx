import { Link } from 'wouter';
import { usePageTitle } from '../../../components/page-title.tsx';
import { paths } from '#core/site/pages.ts';

/**
 * The app's 404 look for a race or goal that does not exist or is private to someone else (the
 * server answers both with 404, so nobody learns that a private one exists).
 */
export function MissingNotice({ message }: { message: string }) {
  usePageTitle('404 - Page Not Found');
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold">404 - Page Not Found</h1>
      <p className="mt-4 text-stone-400">{message}</p>
      <Link to={paths.progress} className="mt-6 inline-block text-gold-300 underline hover:text-gold-400">
        Back to races and goals
      </Link>
    </div>
  );
}
