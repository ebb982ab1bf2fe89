import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type A11yFinding, writeFindings } from './a11y';
import { productDb } from './db-capture';
import { type Browser, launchBrowser, type Product, startProduct } from './test-kit';

export interface Journey {
  product: Product;
  browser: Browser;
  /** axe findings the file collects; checked when the file ends. */
  findings: A11yFinding[];
}

/**
 * One product and one Chromium for a journey file (seeding a fresh PGlite is the slow part, so
 * it happens once per file), closed when the file ends.
 */
export function journeyFile(): Journey {
  const journey = { findings: [] as A11yFinding[] } as Journey;
  beforeAll(async () => {
    [journey.product, journey.browser] = await Promise.all([startProduct(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.product?.close();
  });
  return journey;
}

/**
 * Call inside a journey's describe whose steps leave chat pages open: each test's chat pages close
 * after it, so a failed step cannot leave its long poll holding one of the six connections
 * Chromium allows per host (the next steps' pages would never load). Closing is Chromium's
 * housekeeping, not the product's behaviour: one that has not finished after 15 s (a renderer
 * starved on a loaded machine) is left to close with the browser when the file ends.
 */
export function closeChatPagesAfterEach(journey: Journey) {
  afterEach(async () => {
    const chats = journey.browser.context.pages().filter((page) => page.url().includes('/emulator/'));
    const closed = Promise.all(chats.map((page) => page.close()));
    const late = await Promise.race([closed.then(() => false), delay(15_000, true, { ref: false })]);
    if (late) console.warn(`a chat page had not closed after 15 s; it closes with the browser`);
  }, 30_000);
}

/** Call inside the journeys' describe: no page errors, and no serious axe finding. */
export function expectCleanRun(journey: Journey, name: string) {
  afterAll(() => {
    expect(journey.browser.errors).toEqual([]);
    writeFindings(name, journey.findings);
    expect(journey.findings).toEqual([]);
  });
}

/** Rows of the product's own database. */
export async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await productDb().query<T>(sql, params)).rows;
}
export async function row<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await rows<T>(sql, params))[0] as T;
}
