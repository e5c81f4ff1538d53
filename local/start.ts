// `npm start`: the whole app on this machine. Prints where it is and how to sign in; Ctrl-C
// (or SIGTERM) stops every child process; the data stays under .local/ for the next start.
import { PortInUseError } from './processes';
import { startLocalStack } from './stack';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, settingsFromEnv } from './settings';

// The AWS SDK warns on every start that Node 20 support ends in 2027; the Lambdas run on Node 22.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (!`${warning.name} ${warning.message}`.includes('NodeVersionSupportWarning')) console.warn(warning);
});

async function main() {
  const settings = settingsFromEnv();
  console.log('Starting the local stack (DynamoDB Local, cognito-local, s3rver, local AppSync)…');
  const stack = await startLocalStack(settings);
  const { ports } = settings;
  console.log(`
Road closures is running${settings.demo ? ' in demo mode' : ''}.

  App and API   ${stack.url}    (GraphQL at ${stack.url}/graphql, realtime at ws://127.0.0.1:${ports.web}/graphql/realtime)
  Cognito       http://127.0.0.1:${ports.cognito}   (user pool ${stack.userPool.userPoolId})
  DynamoDB      http://127.0.0.1:${ports.dynamodb}   S3: http://127.0.0.1:${ports.s3}
  Data          ${settings.dataDir}

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.role}`).join('\n')}

Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // When the launcher (npm, scripts/start.mjs) is killed outright we are re-parented: stop too,
  // rather than keep the ports and Java running with nobody to press Ctrl-C.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('launcher gone');
  }, 1000).unref();
}

main().catch((error) => {
  console.error(error instanceof PortInUseError ? `\n${error.message}\n` : error);
  process.exit(1);
});
