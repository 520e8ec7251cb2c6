import { ENTITIES, type EntityDef, type LiftCloudClient } from '@liftcloud/client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBody, type SampleRefs } from '../support/samples.js';
import {
  BROWSER_TEST_TIMEOUT,
  chromiumMissing,
  listState,
  startConsole,
  type ConsoleFixture,
} from './support/consoleFixture.js';

type Name = keyof typeof ENTITIES;

/** A page of the console built on the shared entity form, and where its list of one entity is. */
interface EditPage {
  entity: Name;
  path: string;
  as?: 'admin' | 'superAdmin';
  /** The tab holding the list (antd's data-node-key). */
  tab?: string;
  /** China-only pages open in a Chinese console; the rest in English. */
  chinese?: boolean;
  /** A child table inside an elevator's drawer (floors, parts). */
  inElevatorDrawer?: boolean;
  /** The text field to edit where the rule below finds none (floors have only short codes). */
  field?: string;
}

const PAGES: EditPage[] = [
  { entity: 'useUnit', path: '/useUnitCom' },
  { entity: 'qualityBody', path: '/quantity', chinese: true },
  { entity: 'company', path: '/maintCompany' },
  { entity: 'user', path: '/user' },
  { entity: 'role', path: '/role' },
  { entity: 'elevator', path: '/elevator' },
  { entity: 'floorMapping', path: '/elevator', inElevatorDrawer: true, tab: 'floors', field: 'displayedFloor' },
  { entity: 'elevatorPart', path: '/elevator', inElevatorDrawer: true, tab: 'parts' },
  { entity: 'gatewayDevice', path: '/device' },
  { entity: 'netApply', path: '/elevatorNetApply' },
  { entity: 'part', path: '/parts', tab: 'parts' },
  { entity: 'partType', path: '/parts', tab: 'types' },
  { entity: 'smartScreen', path: '/smartDevice', tab: 'screens' },
  { entity: 'programCard', path: '/smartDevice', tab: 'programs' },
  { entity: 'camera', path: '/smartDevice', tab: 'cameras' },
  { entity: 'faultTemplate', path: '/elevatorSetting', tab: 'faults' },
  { entity: 'floorDisplayTemplate', path: '/elevatorSetting', tab: 'floors' },
  { entity: 'elevatorUser', path: '/elevatorSetting', tab: 'users' },
  { entity: 'monitorDevice', path: '/monitorDevice', chinese: true },
  { entity: 'meterGateway', path: '/electricityMeter' },
  { entity: 'announcement', path: '/systemSetting', tab: 'announcements' },
  { entity: 'tenant', path: '/tenant', as: 'superAdmin' },
  { entity: 'uiSetting', path: '/uiSetting', as: 'superAdmin' },
  { entity: 'gatewayVersion', path: '/deviceGateway', as: 'superAdmin', tab: 'versions' },
];

/**
 * The field the test edits: a plain text field the form shows (no format, not unique, room for the value).
 * The same rule for every entity, so a new page is covered by adding its line above.
 */
function textFieldOf(entity: EntityDef): string {
  const found = Object.entries(entity.fields).find(([key, f]) => {
    const s = f.schema as { maxLength?: number; pattern?: string; format?: string; 'x-rule'?: string };
    return (
      f.kind === 'text' &&
      !f.readOnly &&
      !f.createOnly &&
      !entity.unique.includes(key) &&
      !s.pattern &&
      !s.format &&
      !s['x-rule'] &&
      (s.maxLength ?? 100) >= 6 &&
      !/logo|icon|qr|banner|url/i.test(key)
    );
  });
  if (!found) throw new Error(`${entity.name}: no plain text field to edit`);
  return found[0];
}

const IGNORED = new Set(['updateTime', 'revision']);
const withoutVolatile = (r: Record<string, unknown>, also: string) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !IGNORED.has(k) && k !== also));

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'edit forms show exactly the record chosen',
  { timeout: BROWSER_TEST_TIMEOUT * 3 },
  () => {
    let fx: ConsoleFixture;
    let refs: SampleRefs;
    const clients = new Map<string, LiftCloudClient>();
    let n = 7000;
    const client = async (as: string) => {
      if (!clients.has(as)) clients.set(as, await fx.server.login(as));
      return clients.get(as)!;
    };

    beforeAll(async () => {
      fx = await startConsole();
      const admin = await client('admin');
      const lift = await admin.entities.elevator.save(
        sampleBody('elevator', 6999, { companyId: fx.server.demo.companies.maintenance }) as never,
      );
      const card = await admin.entities.programCard.save({ name: 'Lobby card' });
      refs = {
        companyId: fx.server.demo.companies.maintenance,
        elevatorId: lift.id,
        programCardId: card.id,
        userId: fx.server.demo.users.companyuser,
      };
    });
    afterAll(async () => fx?.close());

    /** The list (or child table) of the page, opened at its tab. */
    async function openList(page: Page, p: EditPage): Promise<Locator> {
      if (p.inElevatorDrawer) {
        await listState(page, 'list-elevator');
        await page.getByTestId(`floors-${refs.elevatorId}`).click();
        const drawer = page.locator('.ant-drawer:visible');
        await drawer.locator(`.ant-tabs-tab[data-node-key="${p.tab}"]`).click();
        const table = page.getByTestId(`detail-${p.entity}`);
        await table.locator('.ant-table-row').first().waitFor();
        return table;
      }
      if (p.tab) await page.locator(`.ant-tabs-tab[data-node-key="${p.tab}"]`).click();
      await listState(page, `list-${p.entity}`);
      return page.getByTestId(`list-${p.entity}`);
    }

    /**
     * Open a dialog of the entity form (a modal, or the wide drawer of a sectioned form: the elevator's) and wait
     * until its form is mounted for that record (or a new one).
     */
    async function formFor(page: Page, name: Name, record: number | 'new'): Promise<Locator> {
      const form = page.locator(`[data-testid="form-${name}"]:visible`);
      await expect.poll(() => form.getAttribute('data-record')).toBe(String(record));
      return form;
    }

    /** Cancel or save the open form, and wait until it is gone. */
    const closeWith = async (page: Page, button: 'form-cancel' | 'form-save') => {
      await page.locator(`[data-testid="${button}"]:visible`).click();
      await page.locator('[data-testid^="form-"][data-record]:visible').waitFor({ state: 'detached' });
    };
    const closeDialog = (page: Page) => closeWith(page, 'form-cancel');

    it('a record saved by someone else while the form is open: the save is refused, the form shows theirs with my change on top', async () => {
      const admin = await client('admin');
      const unit = await admin.entities.useUnit.save({
        name: 'Two editors',
        region: 'Old region',
        owner: 'Old owner',
        longitude: 121.4,
        latitude: 31.2,
      });
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/useUnitCom' });
      await listState(page, 'list-useUnit');
      await page.getByTestId(`edit-${unit.id}`).click();
      const form = await formFor(page, 'useUnit', unit.id);
      // the other operator saves the region while this form is open
      await admin.entities.useUnit.save({ id: unit.id, revision: unit.revision, region: 'Their region' });
      await form.locator('#owner').fill('My owner');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.getByTestId('form-rebased').waitFor();
      await fx.shot(page, 'form-rebased-en-US');
      expect(await form.locator('#region').inputValue()).toBe('Their region');
      expect(await form.locator('#owner').inputValue()).toBe('My owner');
      expect((await admin.entities.useUnit.get(unit.id)).owner).toBe('Old owner');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const now = await admin.entities.useUnit.get(unit.id);
          return [now.region, now.owner];
        })
        .toEqual(['Their region', 'My owner']);
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
      await context.close();
    });

    for (const p of PAGES) {
      it(`${p.entity} on ${p.path}${p.tab ? ` (${p.tab})` : ''}: edit A, cancel, edit B, save one field, add`, async () => {
        const entity = ENTITIES[p.entity] as EntityDef;
        const field = p.field ?? textFieldOf(entity);
        const api = (await client(p.as ?? 'admin')).crud<Record<string, unknown> & { id: number }>(entity.path);
        const a = await api.save({ ...sampleBody(p.entity, n++, refs), [field]: `A${n}` } as never);
        const b = await api.save({ ...sampleBody(p.entity, n++, refs), [field]: `B${n}` } as never);

        const { page, context, errors } = await fx.openAs(p.as ?? 'admin', {
          language: p.chinese ? 'zh-CN' : 'en-US',
          path: p.path,
        });
        const list = await openList(page, p);
        const create = list.locator(
          p.inElevatorDrawer ? `[data-testid="create-${p.entity}"]` : '[data-testid="create-button"]',
        );
        const input = (form: Locator) => form.locator(`#${field}`);

        // Edit A, cancel, Edit B: the form holds B, whatever A left
        await list.getByTestId(`edit-${a.id}`).click();
        expect(await input(await formFor(page, p.entity, a.id)).inputValue()).toBe(a[field]);
        await closeDialog(page);
        await list.getByTestId(`edit-${b.id}`).click();
        const formB = await formFor(page, p.entity, b.id);
        expect(await input(formB).inputValue()).toBe(b[field]);

        // change one field and save: only B changes, and only that field
        const bBefore = await api.get(b.id);
        const aBefore = await api.get(a.id);
        await input(formB).fill('E1');
        await closeWith(page, 'form-save');
        await expect.poll(async () => (await api.get(b.id))[field]).toBe('E1');
        const bAfter = await api.get(b.id);
        expect(withoutVolatile(bAfter, field)).toEqual(withoutVolatile(bBefore, field));
        expect(bAfter.revision).toBeGreaterThan(bBefore.revision as number);
        expect(await api.get(a.id)).toEqual(aBefore);

        // Add is empty, and after it (cancelled) Edit shows the record chosen, saved value included
        await create.click();
        expect(await input(await formFor(page, p.entity, 'new')).inputValue()).toBe('');
        await closeDialog(page);
        await list.getByTestId(`edit-${b.id}`).click();
        expect(await input(await formFor(page, p.entity, b.id)).inputValue()).toBe('E1');
        await closeDialog(page);
        await list.getByTestId(`edit-${a.id}`).click();
        expect(await input(await formFor(page, p.entity, a.id)).inputValue()).toBe(a[field]);
        await closeDialog(page);

        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
