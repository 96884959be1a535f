// `npm run dev`: the API with reload on change (tsx watch, port 3000) and Vite with hot module
// replacement (port 5173, proxying /api to the API). Open http://localhost:5173.
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
