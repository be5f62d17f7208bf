import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API (reloaded by tsx on change) on port 3001 and Vite with hot module reload
 * on port 3000, which proxies `/api`, `/dev` and the socket to the API.
 */
const apiPort = process.env.TREVO_API_PORT ?? '3001';
const children = [
  spawn('tsx', ['watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, TREVO_STATIC_DIR: '.tmp/no-client' },
  }),
  spawn('vite', [], { stdio: 'inherit', env: { ...process.env, TREVO_API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
