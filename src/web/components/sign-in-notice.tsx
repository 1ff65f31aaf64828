import { Link } from 'wouter';
import { paths } from '../config/paths.ts';

/**
 * What a page shows someone it cannot serve as they are signed in (or not): why, and the way to sign
 * in; `offerRegister` adds the way to an account for pages any member may use.
 */
export function SignInNotice({
  title,
  message,
  offerRegister = false,
}: {
  title: string;
  message: string;
  offerRegister?: boolean;
}) {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-stone-800 bg-stone-900 p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-stone-300">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to={paths.login}
          className="rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400"
        >
          Log In
        </Link>
        {offerRegister && (
          <Link
            to={paths.register}
            className="rounded border border-stone-600 px-4 py-2 font-medium text-stone-100 hover:bg-stone-800"
          >
            Register
          </Link>
        )}
      </div>
    </div>
  );
}
