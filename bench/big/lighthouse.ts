// Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on the sign-in page, the dashboard and the POS,
// driving Debian's Chromium against the bench's own server. Each run starts a fresh browser profile, so every run
// is a first visit: no HTTP cache, no service worker. The dashboard and the POS need a session: the token is put where
// the app keeps it (localStorage, platform/session-storage.ts) from a page of the same origin that loads none of the
// app (/api/health), and Lighthouse is told to keep the origin's storage.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** When set, each run's full report is written there (<page>-<n>.json), to see what a score is made of. */
const REPORT_DIR = process.env.DUKA_BENCH_LIGHTHOUSE_DIR;
/** When set (`sign-in,POS`), only these pages are measured. */
const PAGES = process.env.DUKA_BENCH_LIGHTHOUSE_PAGES?.split(',');
/**
 * How many times slower than this machine's the simulated phone's CPU is: the mobile preset's 4 unless set (6 is a
 * slow shop laptop's, or a cheap phone's).
 */
export const CPU_SLOWDOWN = Number(
  process.env.DUKA_BENCH_CPU_SLOWDOWN ?? throttling.mobileSlow4G.cpuSlowdownMultiplier,
);

export interface LighthouseFigure {
  page: string;
  /** 0–100, the median of the runs. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  runs: number;
}

async function runOnce(
  url: string,
  token: string | undefined,
  reportName: string,
): Promise<{ score: number; lcp: number; tbt: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    if (token) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      // Keeps the token just stored; the fresh profile already makes it a first visit.
      disableStorageReset: Boolean(token),
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORT_DIR) {
      fs.mkdirSync(REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    // A refused session would measure the sign-in page under the dashboard's name.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * One run, tried again up to twice: about one run in eight fails with Lighthouse's NO_NAVSTART on this machine,
 * whatever the build, and it would otherwise end the whole bench.
 */
async function runWithRetry(url: string, token: string | undefined, name: string, progress: (msg: string) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, token, name);
    } catch (err) {
      if (attempt >= 3) throw err;
      progress(`  Lighthouse ${name} failed (${(err as Error).message.slice(0, 80)}), running it again`);
    }
  }
}

/**
 * The median score, LCP and TBT of `runs` Lighthouse runs on each page (the scores vary from run to run). The POS is
 * opened signed in, as the dashboard: a cashier's reload of the till.
 */
export async function measureLighthouse(
  base: string,
  token: string,
  runs: number,
  progress: (msg: string) => void,
): Promise<LighthouseFigure[]> {
  const pages = [
    { page: 'sign-in', url: `${base}/`, token: undefined },
    { page: 'dashboard', url: `${base}/dashboard`, token },
    { page: 'POS', url: `${base}/salespos`, token },
  ].filter(({ page }) => !PAGES || PAGES.includes(page));
  // Launched without it, Chromium's spawn error ended the process at once, leaving the bench's server running.
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium, or set CHROMIUM_PATH`);
  }
  const figures: LighthouseFigure[] = [];
  for (const { page, url, token: session } of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await runWithRetry(url, session, `${page}-${i + 1}`, progress);
      progress(`  Lighthouse ${page} #${i + 1}: ${r.score} (LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms)`);
      results.push(r);
    }
    figures.push({
      page,
      score: median(results.map((r) => r.score)),
      lcpMs: median(results.map((r) => r.lcp)),
      tbtMs: median(results.map((r) => r.tbt)),
      runs,
    });
  }
  return figures;
}
