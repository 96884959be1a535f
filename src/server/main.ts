import { ConfigError, loadConfig } from './config';
import { handleSignals, startServer } from './start';

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
  const running = await startServer({ config });
  handleSignals(running);
}

main().catch((error: unknown) => {
  console.error('Cairn failed to start:', error);
  process.exit(1);
});
