import { installProbes, probes, type SignInOutcome, type TelemetryProbes } from '@/lib/telemetry/probes';

/**
 * Installs telemetry probes that record every sign-in's outcome into `outcomes` (the rest pass through), as the
 * real probe does once per attempt; `installProbes(undefined)` puts the default back.
 */
export function recordSignInOutcomes(outcomes: SignInOutcome[]): void {
  const counting: TelemetryProbes = {
    ...probes(),
    signIn: async (run, outcomeOf) => {
      let result: Awaited<ReturnType<typeof run>> | undefined;
      let failure: unknown;
      try {
        result = await run();
        return result;
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        outcomes.push(outcomeOf(result, failure));
      }
    },
  };
  installProbes(counting);
}
