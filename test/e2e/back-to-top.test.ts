/**
 * "Scroll back to top" on docs pages: appears a screen down, scrolls smoothly to the top (natively, or by
 * animation frames covering 0.85 of the remaining distance each where smooth scrolling is missing),
 * hides at the top, and never covers a code block's copy button or the mobile menu.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';

const site = useSiteInBrowser();
const PAGE = '/usage/usage-with-typescript';

async function open(width: number, init?: () => void): Promise<{ page: Page; close(): Promise<void> }> {
  const { context, page, problems } = await newPage(site.browser, { viewport: { width, height: 800 } });
  if (init) await context.addInitScript(init);
  await page.goto(site.server.origin + PAGE);
  await waitForHydration(page);
  assert.equal(await page.locator('.back-to-top').count(), 0, 'the button\'s code waits for the first scroll');
  await scrollTo(page, 1);
  await page.locator('.back-to-top').waitFor({ state: 'attached' });
  await scrollTo(page, 0);
  return { page, close: async () => { assert.deepEqual(problems, []); await context.close(); } };
}

const button = (page: Page) => page.getByRole('button', { name: /back to top/i });

/** Scrolls the window and waits until the button has seen the scroll (it updates on the next frame). */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Clicks the button and records the window's scroll position on every frame until it reaches the top. */
async function clickAndTrace(page: Page): Promise<number[]> {
  // A string, so that the test's compiler leaves the recursive callback alone.
  await page.evaluate(`(() => {
    const trace = window.__trace = [];
    requestAnimationFrame(function sample() {
      trace.push(window.scrollY);
      if (window.scrollY > 0 || trace.length < 2) requestAnimationFrame(sample);
    });
  })()`);
  await button(page).click();
  await page.waitForFunction(() => (window as unknown as { __trace: number[] }).__trace.at(-1) === 0);
  return page.evaluate(() => (window as unknown as { __trace: number[] }).__trace);
}

test('the button appears a screen down and smooth-scrolls back to the top, where it hides', async () => {
  const { page, close } = await open(1280);
  assert.equal(await button(page).isVisible(), false, 'hidden at the top');
  await scrollTo(page, 700);
  assert.equal(await button(page).isVisible(), false, 'hidden within the first screen');
  await scrollTo(page, 3000);
  await button(page).waitFor({ state: 'visible' });
  const trace = await clickAndTrace(page);
  assert.ok(trace.filter((y) => y > 0 && y < 3000).length >= 3, `smooth, not a jump: ${trace.join(', ')}`);
  await button(page).waitFor({ state: 'hidden' });
  await close();
});

test('without native smooth scrolling, each frame covers 0.85 of the remaining distance', async () => {
  const { page, close } = await open(1280, () => {
    const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean;
    CSS.supports = ((...args: string[]) => args[0] !== 'scroll-behavior' && supports(...args)) as typeof CSS.supports;
  });
  assert.equal(await page.evaluate(() => CSS.supports('scroll-behavior', 'smooth')), false, 'the fallback is forced');
  await scrollTo(page, 3000);
  await button(page).waitFor({ state: 'visible' });
  const trace = [...new Set(await clickAndTrace(page))];
  assert.deepEqual(trace.slice(0, 5), [3000, 450, 67, 10, 1], `positions frame by frame: ${trace.join(', ')}`);
  assert.equal(trace.at(-1), 0);
  await close();
});

/** Where the copy buttons are against the back-to-top button, at the current scroll position. */
function layoutNow(page: Page) {
  return page.evaluate(() => {
    const back = document.querySelector('.back-to-top')!.getBoundingClientRect();
    const headerBottom = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
    const copies = [...document.querySelectorAll('.copy-button')].map((copy) => copy.getBoundingClientRect())
      .filter((copy) => copy.top > headerBottom && copy.bottom < window.innerHeight);
    const overlapping = copies.some((copy) => copy.left < back.right && copy.right > back.left && copy.top < back.bottom && copy.bottom > back.top);
    const reachable = copies.every((copy) => document.elementFromPoint(copy.left + copy.width / 2, copy.top + copy.height / 2)?.className === 'copy-button');
    return { overlapping, reachable, scrolledDown: window.scrollY > window.innerHeight };
  });
}

for (const width of [375, 1280]) {
  test(`the button never covers a copy button (${width} px)`, async (t) => {
    const { page, close } = await open(width);
    const copyButtons = await page.locator('.copy-button').count();
    assert.ok(copyButtons >= 4, `${copyButtons} code blocks on ${PAGE}`);
    let overlaps = 0;
    for (let index = 1; index < 4; index++) {
      // Scroll so that this copy button sits level with the back-to-top button, then past it.
      const level = await page.evaluate((i) => {
        const copy = document.querySelectorAll('.copy-button')[i].getBoundingClientRect();
        const back = document.querySelector('.back-to-top')!.getBoundingClientRect();
        return window.scrollY + copy.top - back.top + (back.height - copy.height) / 2;
      }, index);
      for (const y of [level, level + 400]) {
        await scrollTo(page, y);
        await page.waitForTimeout(250); // the button's fade
        const layout = await layoutNow(page);
        if (layout.overlapping) overlaps++;
        assert.ok(layout.reachable, `every copy button on screen (below the sticky header) is reachable at scroll ${Math.round(y)}`);
        assert.equal(await button(page).isVisible(), layout.scrolledDown && !layout.overlapping, `visible at scroll ${Math.round(y)} unless over a copy button`);
      }
    }
    // At 375 px the code blocks run under the button; at 1280 px they end left of it.
    assert.equal(overlaps > 0, width === 375, `${overlaps} positions with a copy button under the button`);
    await close();
  });
}

test('the open mobile menu covers the button, not the other way round (375 px)', async () => {
  const { page, close } = await open(375);
  await scrollTo(page, 3000);
  await button(page).waitFor({ state: 'visible' });
  await page.click('.navbar-toggle');
  await page.waitForSelector('.mobile-menu');
  const onTop = await page.evaluate(() => {
    const back = document.querySelector('.back-to-top')!.getBoundingClientRect();
    return document.elementFromPoint(back.left + back.width / 2, back.top + back.height / 2)?.closest('.mobile-menu') !== null;
  });
  assert.equal(onTop, true, 'the mobile menu is in front of the back-to-top button');
  await close();
});
