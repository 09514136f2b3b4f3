import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as registryPeer from '@ai-sdk-tool/parser';

/** The environment variable naming a folder where bench/scripts/build-peer.sh built the peer. */
export const PEER_DIR_ENV = 'TOOLBRIDGE_PEER_DIR';
export const PEER_REPOSITORY = 'github.com/minpeter/ai-sdk-tool-call-middleware';

/** One release of the peer package (`@ai-sdk-tool/parser`), loaded. */
export interface Peer {
  /** Column key and label: `peer 5.1.6`. */
  key: string;
  version: string;
  /** Where it comes from, for the report (no machine paths). */
  source: string;
  exports: Readonly<Record<string, unknown>>;
}

/** The peer release pinned in bench/package.json, installed from the npm registry. */
export function registryPeerOf(): Peer {
  const manifest = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as {
    dependencies: Record<string, string>;
  };
  const version = manifest.dependencies['@ai-sdk-tool/parser'];
  if (version === undefined) throw new Error('bench/package.json pins no @ai-sdk-tool/parser');
  return {
    key: `peer ${version}`,
    version,
    source: 'the npm registry (a bench dependency)',
    exports: registryPeer as Readonly<Record<string, unknown>>,
  };
}

/** Where build-peer.sh puts its builds by default: one folder per version. */
export function peerCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'toolbridge-peer');
}

function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.-]/).map((part) => Number(part) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function isBuilt(dir: string): boolean {
  return existsSync(join(dir, 'dist', 'index.js')) && existsSync(join(dir, 'package.json'));
}

/** The folder of the built peer: `$TOOLBRIDGE_PEER_DIR`, else the newest build in the cache folder. */
export function findBuiltPeer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env[PEER_DIR_ENV];
  if (explicit) {
    const dir = resolve(explicit);
    if (!isBuilt(dir))
      throw new Error(
        `${PEER_DIR_ENV} names a folder without a built peer (dist/index.js); build it there with bench/scripts/build-peer.sh, or unset ${PEER_DIR_ENV}`,
      );
    return dir;
  }
  const root = peerCacheRoot(env);
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => isBuilt(join(root, name)))
    .sort(compareVersions);
  const newest = versions.at(-1);
  return newest === undefined ? undefined : join(root, newest);
}

/** How to get the peer's current release when it was not found. */
export function howToBuildPeer(env: NodeJS.ProcessEnv = process.env): string {
  return [
    `No built release of the peer found (${PEER_DIR_ENV} unset, nothing in ${peerCacheRoot(env)}): comparing with ${registryPeerOf().key} from the registry only.`,
    `Its current release is not on the registry; to compare with it, clone ${PEER_REPOSITORY} and run`,
    '  bash bench/scripts/build-peer.sh <clone> 5.1.6',
    'which builds it in that cache folder (see docs/benchmarks.md).',
  ].join('\n');
}

/** Loads a peer built by build-peer.sh from `dir`. */
export async function loadBuiltPeer(dir: string): Promise<Peer> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  if (manifest.name !== '@ai-sdk-tool/parser')
    throw new Error(`${dir} holds ${manifest.name}, not @ai-sdk-tool/parser`);
  const recordPath = join(dir, 'toolbridge-peer.json');
  const commit = existsSync(recordPath)
    ? (JSON.parse(readFileSync(recordPath, 'utf8')) as { commit?: string }).commit
    : undefined;
  const exports = (await import(pathToFileURL(join(dir, 'dist', 'index.js')).href)) as Record<
    string,
    unknown
  >;
  return {
    key: `peer ${manifest.version}`,
    version: manifest.version,
    source: `built from tag v${manifest.version}${commit === undefined ? '' : ` (commit ${commit.slice(0, 8)})`} of ${PEER_REPOSITORY} by bench/scripts/build-peer.sh`,
    exports,
  };
}

/**
 * The peers to compare with, newest first: the built current release when there is one, and
 * the registry's. `notice` says how to get the current release when it is missing.
 */
export async function loadPeers(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ peers: Peer[]; notice: string | undefined }> {
  const registry = registryPeerOf();
  const dir = findBuiltPeer(env);
  if (dir === undefined) return { peers: [registry], notice: howToBuildPeer(env) };
  const built = await loadBuiltPeer(dir);
  if (built.version === registry.version) return { peers: [registry], notice: undefined };
  return { peers: [built, registry], notice: undefined };
}
