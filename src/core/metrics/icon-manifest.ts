/**
 * The game icons the site holds, as a list of file names (`zulrah.png`): a page asks only for these,
 * so an icon the site cannot have shows its fallback at once instead of a 404 in the console. Kept
 * apart from the metric mapping, which the first page's code must not carry.
 */
export const ICON_MANIFEST_PATH = '/api/icons';
