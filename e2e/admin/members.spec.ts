import { E2E_ADMIN, answerConfirm, expect, expectAccessible, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn, womRecruit } from './admin-session.ts';

const NEW_MEMBER = { name: 'Journey Tester' };
const RENAMED = 'Journey Renamed';
/** An id the simulated WOM has no player for: its ids start above 1,000 and grow by at most 3,000. */
const UNKNOWN_WOM_ID = '2000000000';

// The id WOM lacks is refused twice on purpose: by the check under the field, and by the save.
test.use({
  expectedConsoleErrors: [
    /status of 400 \(Bad Request\) \(http:[^)]*\/api\/admin\/(wom-players\/\d+|members)\)/,
  ],
});

test('an admin signs in, adds a member, edits them, gives points, hides, deletes and restores them', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Clan Administration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Member Management' })).toBeVisible();
  await expectAccessible(page);
  const { womId, womName } = await womRecruit(page);

  // Add: WOM is asked about the id, names the player before saving, and an id it lacks is refused.
  await page.getByRole('button', { name: 'Add Member' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Member' });
  await expect(addDialog.getByLabel('Clan Rank')).toHaveValue('opal');
  await addDialog.getByLabel('Name', { exact: true }).fill(NEW_MEMBER.name);
  await addDialog.getByLabel('WOM ID').fill(UNKNOWN_WOM_ID);
  await addDialog.getByLabel('Current XP').fill('1234567.8');
  await expect(addDialog.getByRole('alert')).toHaveText(
    `Wise Old Man has no player with WOM ID ${UNKNOWN_WOM_ID}: check the id on their WOM profile`,
  );
  await addDialog.getByRole('button', { name: 'Save Member' }).click();
  await expect(addDialog.getByText(/^Failed to save member: Wise Old Man has no player/)).toBeVisible();
  await addDialog.getByLabel('WOM ID').fill(womId);
  await addDialog.getByLabel('WOM ID').blur();
  await expect(addDialog.getByRole('status')).toHaveText(`Wise Old Man knows this player as ${womName}`);
  await expect(addDialog.getByLabel('WOM Name')).toHaveValue(womName);
  await expect(addDialog.getByLabel('Name', { exact: true })).toHaveValue(NEW_MEMBER.name);
  await page.screenshot({ path: '/tmp/shots-admin-ui/add-member-wom-check.png' });
  await addDialog.getByRole('button', { name: 'Save Member' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByText(`${NEW_MEMBER.name} was successfully saved.`)).toBeVisible();
  let saved = (await adminMembers(page)).find((m) => m.wom_id === womId);
  expect(saved).toMatchObject({
    name: NEW_MEMBER.name,
    womrole: 'opal',
    current_xp: 1234567,
    siege_score: 0,
  });

  // Search keeps to the URL and finds them
  await page.getByRole('searchbox', { name: 'Search members' }).fill('journey');
  await expect(page).toHaveURL(/[?&]search=journey/);
  await page.getByRole('button', { name: `Show details for ${NEW_MEMBER.name}` }).click();

  // Edit
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Member' });
  await expect(editDialog.getByLabel('WOM ID')).toHaveValue(womId);
  await editDialog.getByLabel('Name', { exact: true }).fill(RENAMED);
  await editDialog.getByRole('button', { name: 'Save Member' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText(`${RENAMED} was successfully saved.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(RENAMED);
  const toggle = page.getByRole('button', { name: `Show details for ${RENAMED}` });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();

  // +5 points, with its toast
  await page.getByRole('button', { name: '+5', exact: true }).click();
  await expect(page.getByText(`Added 5 points to ${RENAMED}`)).toBeVisible();
  await expect
    .poll(async () => (await adminMembers(page)).find((m) => m.wom_id === womId)?.siege_score)
    .toBe(5);

  // Hide: gone from the public roster, still listed for the admin; then unhide
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unhide', exact: true })).toBeVisible();
  const publicRoster = async () =>
    ((await (await page.request.get('/api/members')).json()) as Array<{ wom_id: string }>).map(
      (m) => m.wom_id,
    );
  expect(await publicRoster()).not.toContain(womId);
  await page.getByRole('button', { name: 'Unhide', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  expect(await publicRoster()).toContain(womId);

  // Delete, after the site's confirm dialog
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await answerConfirm(page, `Are you sure you want to delete ${RENAMED}?`, 'Delete Member');
  await expect(page.getByText(`${RENAMED} was successfully deleted.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Show details for ${RENAMED}` })).toHaveCount(0);

  // Restore from the deleted members' page
  await page.getByRole('link', { name: 'Deleted Members' }).click();
  await expect(page).toHaveURL('/admin/members/deleted');
  const row = page.getByRole('row', { name: new RegExp(RENAMED) });
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('row', { name: new RegExp(RENAMED) })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Clan Administration' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(RENAMED);
  await expect(page.getByRole('button', { name: `Show details for ${RENAMED}` })).toBeVisible();
  saved = (await adminMembers(page)).find((m) => m.wom_id === womId);
  expect(saved).toMatchObject({ name: RENAMED, siege_score: 5, hidden: false, deleted_at: null });

  // Every step left an audit row
  const audit = (await (await page.request.get('/api/admin/audit?limit=50')).json()) as Array<{
    action: string;
    target_id: string | null;
  }>;
  const actions = audit.filter((entry) => entry.target_id === womId).map((entry) => entry.action);
  expect(new Set(actions)).toEqual(
    new Set([
      'member.create',
      'member.update',
      'member.points',
      'member.visibility',
      'member.delete',
      'member.restore',
    ]),
  );
});

test('the page for a new member saves and returns to the dashboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/members/new');
  const { womId } = await womRecruit(page);
  await page.getByLabel('Name', { exact: true }).fill('Page Added');
  await page.getByLabel('WOM ID').fill(womId);
  await page.getByRole('button', { name: 'Save Member' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(
    page.getByRole('status').filter({ hasText: 'Page Added was successfully saved.' }),
  ).toBeVisible();
  await openDashboard(page);
  expect((await adminMembers(page)).some((m) => m.wom_id === womId)).toBe(true);
});
