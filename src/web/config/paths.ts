import { paths } from '#core/site/pages.ts';

export { paths };

/** Pages shown without the navbar (spec §2, Navigation). */
export const pagesWithoutNavbar: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
];
