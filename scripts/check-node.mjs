// Plain JavaScript that any Node.js since 12 runs, so an old one hears why it is refused.
// `npm start` runs it first; `npm ci`/`npm install` already refuse through .npmrc's engine-strict.

/** The Node.js lines the project supports: 22 (from 22.13, as its tools need), 24 and 26. */
export const supported = [
  { major: 22, minor: 13 },
  { major: 24, minor: 0 },
  { major: 26, minor: 0 },
];

export const whereToGetNode = 'https://nodejs.org/en/download (or `nvm install 24`, `fnm install 24`, `volta install node@24`)';

/** Undefined when `version` (like "v24.21.0") is supported; else the one message to print. */
export function unsupportedNodeMessage(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  if (supported.some((line) => line.major === major && minor >= line.minor)) return undefined;
  return [
    `This project needs Node.js 22 (22.13 or later), 24 or 26; this is Node.js ${version}.`,
    `Install a supported one (24 is the long-term support line CI uses) from ${whereToGetNode},`,
    'then run `npm ci && npm start` again.',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const message = unsupportedNodeMessage(process.version);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
