/** @jest-environment node */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type os from 'node:os';
import type * as SecretModule from '@/lib/auth/secret';
import path from 'node:path';

/**
 * The generated secret kept in the shared temporary folder (issue 31 item 15): used only when it is this user's own,
 * mode 0600, in a folder nobody else may write; a file planted by another user is refused, not trusted.
 */
let fakeTmp = '';
jest.mock('node:os', () => {
  const actual = jest.requireActual<typeof os>('node:os');
  return { ...actual, tmpdir: () => fakeTmp };
});

const PLANTED = 'planted-by-someone-else-0123456789abcdef';
let root = '';
const cwd = process.cwd();

function load(): () => string {
  let getAuthSecret!: () => string;
  jest.isolateModules(() => {
    ({ getAuthSecret } = jest.requireActual<typeof SecretModule>('@/lib/auth/secret'));
  });
  return getAuthSecret;
}

beforeEach(() => {
  delete process.env.AUTH_SECRET;
  root = mkdtempSync(path.join(jest.requireActual<typeof os>('node:os').tmpdir(), 'secret-test-'));
  fakeTmp = path.join(root, 'tmp');
  mkdirSync(fakeTmp, { mode: 0o1777 });
  // .data cannot be made here (a file of that name): the secret falls back to the temporary folder.
  const project = path.join(root, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, '.data'), 'not a folder');
  process.chdir(project);
});

afterEach(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});

function plant(options: { fileMode?: number; dirMode?: number; owner?: number } = {}) {
  const dir = path.join(fakeTmp, 'ops-console');
  mkdirSync(dir, { mode: 0o700 });
  chmodSync(dir, options.dirMode ?? 0o700);
  const file = path.join(dir, 'auth-secret');
  writeFileSync(file, PLANTED, { mode: 0o600 });
  chmodSync(file, options.fileMode ?? 0o600);
  if (options.owner !== undefined) chownSync(file, options.owner, options.owner);
  return file;
}

const runsAsRoot = process.getuid?.() === 0;

describe('the generated secret in the temporary folder (issue 31 item 15)', () => {
  it('creates its own, private, and keeps using it', () => {
    const secret = load()();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(load()()).toBe(secret);
  });

  it('uses a kept secret that is this user’s own with mode 0600', () => {
    plant();
    expect(load()()).toBe(PLANTED);
  });

  it.each([
    ['readable by others (0644)', { fileMode: 0o644 }],
    ['readable by the group (0640)', { fileMode: 0o640 }],
    ['in a folder others may write (0777)', { dirMode: 0o777 }],
  ])('refuses a kept secret %s', (_name, options) => {
    plant(options);
    expect(() => load()()).toThrow(/not private to this user/);
  });

  (runsAsRoot ? it : it.skip)('refuses a kept secret owned by another user', () => {
    plant({ owner: 4242 });
    expect(() => load()()).toThrow(/not private to this user/);
  });
});
