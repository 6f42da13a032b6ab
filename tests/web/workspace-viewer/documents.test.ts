import { describe, expect, it } from "vitest";
import { docKey, createDocumentsStore, isDirty, saveState } from "../../../web/features/workspace/viewer/documents";

const key = docKey("p1", "src/a.ts");

describe("dirty tracking (spec 03 §4 Editor save)", () => {
  it("is dirty only while the draft differs from the saved baseline", () => {
    const docs = createDocumentsStore().getState();
    docs.receive(key, "one");
    expect(isDirty(docs.get(key))).toBe(false);
    docs.edit(key, "two");
    expect(isDirty(docs.get(key))).toBe(true);
    docs.edit(key, "one");
    expect(isDirty(docs.get(key))).toBe(false);
  });

  it("a successful save moves the baseline; edits typed during the save stay dirty", () => {
    const docs = createDocumentsStore().getState();
    docs.receive(key, "v1");
    docs.edit(key, "v2");
    docs.saveStarted(key);
    expect(saveState(docs.get(key))).toBe("saving");
    docs.edit(key, "v3");
    docs.saveSucceeded(key, "v2");
    expect(docs.get(key)).toMatchObject({ baseline: "v2", draft: "v3", saving: false });
    expect(saveState(docs.get(key))).toBe("dirty");
    docs.saveStarted(key);
    docs.saveSucceeded(key, "v3");
    expect(saveState(docs.get(key))).toBe("saved");
  });

  it("a failed save keeps the draft and reports the error", () => {
    const docs = createDocumentsStore().getState();
    docs.receive(key, "v1");
    docs.edit(key, "v2");
    docs.saveStarted(key);
    docs.saveFailed(key, "read-only");
    expect(docs.get(key)).toMatchObject({ draft: "v2", baseline: "v1", saveError: "read-only", saving: false });
    expect(saveState(docs.get(key))).toBe("error");
  });

  it("a background reload replaces a clean document but never unsaved edits", () => {
    const docs = createDocumentsStore().getState();
    docs.receive(key, "v1");
    docs.receive(key, "agent wrote this");
    expect(docs.get(key)?.draft).toBe("agent wrote this");
    docs.edit(key, "mine");
    docs.receive(key, "agent again");
    expect(docs.get(key)?.draft).toBe("mine");
  });

  it("a forced reload (refresh flag, checkout) replaces unsaved edits", () => {
    const docs = createDocumentsStore().getState();
    docs.receive(key, "v1");
    docs.edit(key, "mine");
    docs.receive(key, "checked out", true);
    expect(docs.get(key)).toMatchObject({ baseline: "checked out", draft: "checked out" });
  });

  it("publishes a new snapshot per change and none for a no-op", () => {
    const store = createDocumentsStore();
    const docs = store.getState();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    docs.receive(key, "v1");
    const first = store.getState().docs;
    docs.receive(key, "v1");
    docs.edit(key, "v1");
    expect(calls).toBe(1);
    docs.edit(key, "v2");
    expect(store.getState().docs).not.toBe(first);
    docs.forget(key);
    expect(docs.get(key)).toBeUndefined();
    expect(calls).toBe(3);
  });

  it("editing an unknown document does nothing", () => {
    const docs = createDocumentsStore().getState();
    docs.edit(key, "x");
    expect(docs.get(key)).toBeUndefined();
    expect(saveState(undefined)).toBe("saved");
  });
});
