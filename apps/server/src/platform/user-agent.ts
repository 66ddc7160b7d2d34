// Browser and platform for the audit log, read from the User-Agent header. Order matters: Edge and Opera
// also claim to be Chrome, and Chrome claims to be Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
];

const PLATFORMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | undefined): { browser: string; platform: string } {
  if (!ua) return { browser: 'Unknown', platform: 'Unknown' };
  let browser = 'Unknown';
  for (const [pattern, name] of BROWSERS) {
    const m = ua.match(pattern);
    if (m) {
      browser = `${name} ${m[1]?.split('.')[0] ?? ''}`.trim();
      break;
    }
  }
  const platform = PLATFORMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown';
  return { browser, platform };
}
