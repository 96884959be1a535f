import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The database opens (PGlite on its own thread) while the rest of the server's modules load:
  // the two take most of a start, so doing them side by side roughly halves it.
  const { openConfiguredDatabase } = await import('./db/open');
  const database = openConfiguredDatabase(config);
  database.catch(() => undefined); // awaited (and reported) by startServer
  const { handleSignals, startServer } = await import('./start');
  const running = await startServer({ config, database });
  handleSignals(running);
}

main().catch((error: unknown) => {
  console.error('Cairn failed to start:', error);
  process.exit(1);
});
