// What each deployment stage turns on, written out per stage instead of inferred from its name at
// run time: a stage that is not listed here (prod, staging, a second production named prod2)
// gets every switch off. The functions read the switches from their environment (DEMO_MODE,
// ADMIN_MFA, ALLOW_GENSEED); the local runtime sets its own (local/stack.ts).

export interface StageSettings {
  /** Persona sign-in, app.demo in /config.json, and no real mail from any function. */
  readonly demoMode: boolean;
  /** Administrators need an authenticator app (lambdas/core/identity/mfa.ts). */
  readonly adminMfa: boolean;
  /** /genseed may write demo data (generateDemoData). */
  readonly allowGenseed: boolean;
}

const SAFE: StageSettings = { demoMode: false, adminMfa: true, allowGenseed: false };

const STAGES: Record<string, Partial<StageSettings>> = {
  dev: { allowGenseed: true },
  // Anyone may pick the admin persona, so there is no second factor to ask for.
  demo: { demoMode: true, adminMfa: false, allowGenseed: true },
};

export function stageSettings(stage: string): StageSettings {
  return { ...SAFE, ...(Object.hasOwn(STAGES, stage) ? STAGES[stage] : {}) };
}

/** The environment every function of the stage carries for these switches (absent means off). */
export function stageEnvironment(stage: string): Record<string, string> {
  const settings = stageSettings(stage);
  return {
    ...(settings.adminMfa ? { ADMIN_MFA: 'required' } : {}),
    // Every function, not only the identity API: sign-in links (a trigger) and enquiry replies
    // (admin) send mail too.
    ...(settings.demoMode ? { DEMO_MODE: '1' } : {}),
  };
}
