import { nextTurn } from "../lib/next-turn";
import { projectStatement, toChatProject, type ChatProject } from "./coding/project";
import { profileStatement, toAgentProfile } from "./profile";
import type { AgentProfile } from "./prompt";
import { charged, planStatement, quotaCharge, type PlanRow, type QuotaCharge } from "./quota";

export interface RunInputs {
  /** False when the requester's monthly quota is used up (or the requester is gone). */
  allowed: boolean;
  agent: AgentProfile | null;
  project: ChatProject | null;
}

export interface RunAsk {
  userId: string;
  chatId: string;
  vireId: string | null;
  withProject: boolean;
}

interface Waiting {
  ask: RunAsk;
  resolve(inputs: RunInputs): void;
  reject(err: unknown): void;
}

/**
 * Runs starting within this long of each other read their inputs together. It is time before the
 * model is asked, not after its first token, and a hundred members asking at once cost the room
 * two D1 round trips instead of two hundred.
 */
export const GATHER_MS = 5;

/**
 * What a run reads from D1 before the model is asked: the requester's plan, the VIRE's profile and
 * the chat's project, then the quota is counted. Runs of one room starting at about the same time
 * share both round trips: one batch of reads (each distinct statement once), one batch of charges.
 */
export class RunInputsReader {
  private waiting: Waiting[] = [];

  constructor(private readonly db: () => D1Database) {}

  read(ask: RunAsk): Promise<RunInputs> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setTimeout(() => void this.flush(), GATHER_MS);
      this.waiting.push({ ask, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    let inputs: RunInputs[];
    try {
      inputs = await readTogether(
        this.db(),
        batch.map((w) => w.ask),
      );
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    // One run goes on per turn of the event loop: each builds its prompt and calls the model, and the
    // first tokens of replies already under way are not held up behind the whole batch's starts.
    for (const [i, w] of batch.entries()) {
      if (i > 0) await nextTurn();
      w.resolve(inputs[i]!);
    }
  }
}

async function readTogether(db: D1Database, asks: RunAsk[]): Promise<RunInputs[]> {
  const statements: D1PreparedStatement[] = [];
  const slots = new Map<string, number>();
  const slot = (key: string, make: () => D1PreparedStatement): number => {
    let at = slots.get(key);
    if (at === undefined) {
      at = statements.push(make()) - 1;
      slots.set(key, at);
    }
    return at;
  };
  const wanted = asks.map((ask) => ({
    plan: slot(`plan:${ask.userId}`, () => planStatement(db, ask.userId)),
    profile: ask.vireId ? slot(`profile:${ask.vireId}`, () => profileStatement(db, ask.vireId!)) : null,
    project: ask.withProject ? slot(`project:${ask.chatId}`, () => projectStatement(db, ask.chatId)) : null,
  }));
  const results = await db.batch(statements);
  const first = <T>(at: number | null): T | undefined => (at === null ? undefined : (results[at]?.results[0] as T | undefined));
  // Each run is charged on its own, even two of one member: the statements run in order, so the last request under the limit goes to one of them only.
  const charges: (QuotaCharge | null)[] = wanted.map((w, i) => quotaCharge(db, asks[i]!.userId, first<PlanRow>(w.plan) ?? null));
  const toRun = charges.filter((c): c is QuotaCharge => c !== null);
  const outcomes = toRun.length ? await db.batch(toRun.map((c) => c.statement)) : [];
  return wanted.map((w, i) => {
    const charge = charges[i]!;
    return {
      allowed: charge !== null && charged(charge, outcomes[toRun.indexOf(charge)]),
      agent: toAgentProfile(first(w.profile)),
      project: toChatProject(first(w.project)),
    };
  });
}
