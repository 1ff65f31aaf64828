/** How to hand the new address to Dink in RuneLite; the binding needs nothing from the player. */
export function DinkSetupSteps() {
  return (
    <ol className="list-decimal space-y-2 pl-5 text-sm text-stone-300">
      <li>
        In RuneLite, open Dink’s settings and expand <strong className="text-stone-100">Advanced</strong>.
      </li>
      <li>
        Paste the Dynamic Config URL into <strong className="text-stone-100">Dynamic Config URL</strong>. That
        one paste sends the moments the clan keeps to the site, with the clan’s thresholds, and leaves your
        own webhook as it is; Dink reads it when RuneLite starts and every few hours after.
        <span className="mt-1 block text-stone-400">
          Or, instead, paste the Dink URL into Dink’s{' '}
          <strong className="text-stone-200">Primary Webhook URLs</strong> setting.
        </span>
      </li>
      <li>
        Play. You do not need <code className="text-stone-100">::dinkhash</code>: Dink’s first post binds this
        character to your game account by itself.
      </li>
    </ol>
  );
}
