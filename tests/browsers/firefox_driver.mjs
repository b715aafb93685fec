// tests/browsers/firefox_driver.mjs -- Firefox ESR (Debian's) driven by puppeteer-core over WebDriver BiDi,
// for tests/browsers/test_firefox.py.  It reads one JSON request per line on stdin:
//     {"name": "solve", "base": "http://127.0.0.1:PORT/", "steps": [...], "screenshot": "/path.png",
//      "collector": "JS", "navigate": "JS"}
// runs the steps (their vocabulary: tests/browsers/smoke_cases.py) in the one page of one browser (a case after a
// failure gets a new page), and answers with one JSON line on stdout:
// {"ok", "values", "figures", "errors", "step"?, "error"?, "screenshot"?}.
// The first line it writes is {"ready": true, "version": ...} once Firefox has started.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.PUZZLESOLVER_FIREFOX || "/usr/bin/firefox-esr";
const READY = "window.__solver && window.__solver.state === 'ready' && window.__app && window.__app.viewReady";
const READY_TIMEOUT = 90_000;

const say = (object) => process.stdout.write(JSON.stringify(object) + "\n");

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath: FIREFOX,
  headless: true,
  defaultViewport: { width: 1280, height: 900 },
  extraPrefsFirefox: {
    "network.proxy.type": 0,                 // no proxy: the page only talks to 127.0.0.1
    "app.update.enabled": false,
    "browser.shell.checkDefaultBrowser": false,
  },
});
say({ ready: true, version: await browser.version() });

const uploads = mkdtempSync(join(tmpdir(), "smoke-uploads-"));   // the "upload" steps' files
let page = null;          // the page every case runs in; a new one after a failure
let loaded = false;       // it shows the site (else the next "open" loads it afresh)
const errors = [];        // what the page reported during the case under way (the listeners are the page's)

async function newPage(collector) {
  await page?.close().catch(() => {});
  page = await browser.newPage();
  loaded = false;
  await page.evaluateOnNewDocument(collector);          // window.__smokeErrors: console.error with its stack
  page.on("console", (message) => {                     // the rest (a worker's, the browser's), as text
    if (message.type() !== "error") return;
    const { url = "", lineNumber = "" } = message.location() || {};
    // an Error object from a worker comes as "JSHandle@error" over BiDi: say where at least
    errors.push(message.text().startsWith("JSHandle@") ? `console: an Error object (${url}:${lineNumber})` : `console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message || error}`));
}

async function runCase({ base, name, steps, screenshot, collector, navigate }) {
  if (!page) await newPage(collector);
  errors.length = 0;
  await page.evaluate(() => { if (window.__smokeErrors) window.__smokeErrors.length = 0; }).catch(() => {});
  const values = {}, figures = {};
  let lastAction = performance.now(), index = 0;
  try {
    for (; index < steps.length; index++) {
      const step = steps[index];
      if ("open" in step) {
        const began = performance.now();
        // in the page already loaded, as a link followed there would; else a full load (a query of its own)
        const followed = loaded && await page.evaluate(`(${navigate})(${JSON.stringify(step.open)})`);
        if (!followed) await page.goto(`${base}?smoke=${encodeURIComponent(name)}${step.open}`);
        await page.waitForFunction(READY, { timeout: step.timeout || READY_TIMEOUT, polling: 100 });
        loaded = true;
        figures[followed ? "open_s" : "ready_s"] = +((performance.now() - began) / 1000).toFixed(2);
      } else if ("eval" in step) {
        const value = await page.evaluate(`(async () => (${step.eval}))()`);
        if (step.as) values[step.as] = value;
        if (step.figure) figures[step.figure] = value;
      } else if ("click" in step) {
        lastAction = performance.now();
        await page.click(`[data-testid="${step.click}"]`);
      } else if ("button" in step) {
        const handle = await page.evaluateHandle((text) =>
          [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === text && !b.hidden), step.button);
        const element = handle.asElement();
        if (!element) throw new Error(`no button named ${JSON.stringify(step.button)}`);
        lastAction = performance.now();
        await element.click();
      } else if ("key" in step) {
        if (step.focus) await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).focus(), step.focus);
        lastAction = performance.now();
        await page.keyboard.press(step.key);
      } else if ("wait" in step) {
        const handle = await page.waitForFunction(step.wait, { timeout: step.timeout || 60_000, polling: 50 });
        if (step.time) figures[step.time] = +((performance.now() - lastAction) / 1000).toFixed(2);
        if (step.as) values[step.as] = await handle.jsonValue();
      } else if ("upload" in step) {
        // kept until the driver ends: the page reads a chosen file when it likes
        const folder = mkdtempSync(join(uploads, "files-"));
        const paths = Object.entries(step.files).map(([file, text]) => {
          writeFileSync(join(folder, file), text);
          return join(folder, file);
        });
        const input = await page.$(`[data-testid="${step.upload}"]`);
        if (!input) throw new Error(`no [data-testid=${step.upload}]`);
        await input.uploadFile(...paths);
      } else if ("sleep" in step) {
        await new Promise((resolve) => setTimeout(resolve, step.sleep));
      } else {
        throw new Error(`unknown step ${JSON.stringify(step)}`);
      }
    }
    return await ended(page, { ok: true, values, figures, errors: [...errors] }, screenshot);
  } catch (error) {
    const result = { ok: false, step: index, error: String(error.message || error).split("\n")[0], values, figures,
      errors: [...errors] };
    const answer = await ended(page, result, screenshot);
    await page.close().catch(() => {});
    page = null;            // the next case starts afresh
    return answer;
  }
}

/** The result, with the status line and a screenshot of the page as the case ended (the test keeps it on a failure). */
async function ended(page, result, screenshot) {
  try {
    const collected = await page.evaluate("window.__smokeErrors || []");
    result.errors = [...new Set([...collected, ...result.errors])];
    result.status_line = await page.evaluate("document.getElementById('solver-status')?.textContent");
    mkdirSync(dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    result.screenshot = screenshot;
  } catch (error) {
    result.errors.push(`(no screenshot: ${error.message || error})`);
  }
  return result;
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  say(await runCase(JSON.parse(line)));
}
await page?.close().catch(() => {});
await browser.close();
rmSync(uploads, { recursive: true, force: true });
