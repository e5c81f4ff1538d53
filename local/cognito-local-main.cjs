// Starts cognito-local the way its own bin/start.js does, with one difference: its log is
// formatted and written synchronously. The log is where cognito-local "sends" confirmation codes
// (local/outbox.ts reads them from it), and pino-pretty's stream pipeline held the last boxes of
// a burst of sign-ups back until later output pushed them out: codes missing from /dev/mail.
const { writeSync } = require('node:fs');
const https = require('node:https');
const pino = require('pino');
const { prettyFactory } = require('pino-pretty');

// This start's signing key (local/cognito-signing-key.ts) in place of the one cognito-local ships
// in its package, which anyone can read: set before the server signs or serves anything.
const signingKey = JSON.parse(process.env.COGNITO_LOCAL_SIGNING_KEY ?? 'null');
if (!signingKey) {
  console.error('cognito-local needs this start\'s signing key (COGNITO_LOCAL_SIGNING_KEY); start it through npm start.');
  process.exit(1);
}
delete process.env.COGNITO_LOCAL_SIGNING_KEY;
Object.assign(require('cognito-local/lib/keys/cognitoLocal.private.json'), { pem: signingKey.privatePem, jwk: signingKey.privateJwk });
Object.assign(require('cognito-local/lib/keys/cognitoLocal.public.json'), { pem: signingKey.publicPem, jwk: signingKey.publicJwk });

const { createDefaultServer } = require('cognito-local/lib/server');

const prettify = prettyFactory({
  colorize: true,
  ignore: 'pid,name,hostname',
  singleLine: true,
  messageFormat: (log, messageKey) => `${log.reqId ?? 'NONE'} ${log.target ?? 'NONE'} ${log[messageKey]}`,
});
/** Writes all of it to stdout before returning (a full pipe answers EAGAIN: try again). */
function writeAll(text) {
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
    }
  }
}

// Each line is formatted and written before the log call returns: nothing is buffered.
const logger = pino({ level: process.env.DEBUG ? 'debug' : 'info' }, { write: (line) => writeAll(prettify(line)) });

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address();
    if (!address) throw new Error('Server started without address');
    const url = typeof address === 'string' ? address : `${address.address}:${address.port}`;
    logger.info(`Cognito Local running on ${server instanceof https.Server ? 'https' : 'http'}://${url}`);
  })
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
