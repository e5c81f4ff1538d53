// Switches a deployment turns on explicitly in its functions' environment (lib/stage-settings.ts
// in AWS, local/stack.ts locally). Absent means off: nothing here is inferred from a stage's name.

/** /genseed may write demo data into this deployment. */
export const genseedAllowed = (env: NodeJS.ProcessEnv = process.env) => env.ALLOW_GENSEED === '1';

/** Push endpoints on this machine are accepted: the local tests' stand-in push service. */
export const loopbackPushAllowed = (env: NodeJS.ProcessEnv = process.env) => env.ALLOW_LOOPBACK_PUSH === '1';
