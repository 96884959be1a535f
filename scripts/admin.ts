import { runAdminCommand } from '../src/server/admin-cli';

const result = await runAdminCommand(process.argv.slice(2));
(result.code === 0 ? console.log : console.error)(result.message);
process.exit(result.code);
