import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { newPerson, useBrowser } from "./browser.ts";
import {
  ALICE,
  createVireWithKnowledge,
  deleteVire,
  eventually,
  finishedReply,
  newReplyId,
  replyIds,
  sendText,
  setPlan,
  signInToAcme,
  uniqueName,
  waitConnected,
  writeHeaders,
} from "./flows.ts";

const browser = useBrowser();

/** A fact nothing else in the app says, so finding it in a reply proves retrieval from the file. */
const FACT = "The Zephyr refund window is 45 days for annual plans.";

/** The skill chips' full texts (a chip shows a cut text and a remove button; its title is the skill). */
const skills = (page: Page) => page.getByTestId("vire-skill").evaluateAll((chips) => chips.map((chip) => chip.getAttribute("title")));

let alice: { context: BrowserContext; page: Page };

beforeAll(async () => {
  alice = await newPerson(browser());
  await signInToAcme(alice.page, ALICE);
});

afterAll(async () => {
  // Back to the seeded plan, so later files meet Alice as the demo has her.
  if (alice) await setPlan(alice.page, ALICE.id, "free");
  await alice?.context.close();
});

describe("virtual employees", () => {
  it("recommends skills from the model (the AI SDK, a module the API Worker loads on first use)", async () => {
    const res = await alice.page.request.post("/api/ai-skill-recommendations", {
      data: { name: "Gopher", role: "Backend Engineer", description: "Writes Go services", existingSkills: ["go"] },
      headers: writeHeaders(alice.page),
    });
    expect(res.status(), await res.text()).toBe(200);
    // The scripted model's list, without the skill she has and its own duplicate: not the catalogue's fallback.
    expect((await res.json()).data).toEqual({ skills: ["Unit Testing", "Kubernetes"], fallback: false, error: null });
  });

  it("the plan limit opens the upgrade dialog; after an upgrade Alice creates a VIRE and indexes a document", async () => {
    const page = alice.page;
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    // Free plan with the two seeded VIREs (Nova and Cody), or more if other tests added some.
    await setPlan(page, ALICE.id, "free");
    const count = (await (await page.request.get("/api/virtual-employees/count")).json()).data;
    expect(count.count).toBeGreaterThanOrEqual(2);

    await page.getByTestId("open-vires").click();
    await page.getByTestId("vire-dialog").waitFor();
    await page.getByTestId("vire-list").waitFor();
    await page.getByTestId("vire-create").click();
    const upgrade = page.getByTestId("vire-upgrade-dialog");
    await upgrade.waitFor();
    expect(await page.getByTestId("vire-upgrade-limits").textContent()).toBe("The free plan allows 2 virtual employees, personal 10, professional unlimited.");
    expect(await upgrade.textContent()).toContain("Upgrade required");
    await upgrade.getByTestId("vire-upgrade-later").click();
    await upgrade.waitFor({ state: "detached" });
    await eventually(() => page.getByTestId("vire-form").count()).toBe(0);

    // A developer raises Alice to the personal (starter) plan: 10 VIREs. The check reads the plan afresh.
    await setPlan(page, ALICE.id, "starter");
    await page.getByTestId("vire-create").click();
    const form = page.getByTestId("vire-form");
    await form.waitFor();
    expect(await form.getAttribute("data-mode")).toBe("create");

    const name = uniqueName("Zed");
    await page.getByTestId("vire-name-input").fill(name);
    await page.getByTestId("vire-role-input").fill("Billing Specialist");
    await page.getByTestId("vire-agent-type").selectOption("retrieval_agent");
    await page.getByTestId("vire-tab-skills").click();
    await page.getByTestId("vire-skill-input").fill("Refund policy");
    await page.getByTestId("vire-skill-add").click();
    await eventually(() => skills(page)).toEqual(["Refund policy"]);
    await page.getByTestId("vire-tab-rolePrompt").click();
    const rolePrompt = "Quote the customer's plan before answering billing questions.";
    await page.getByTestId("vire-role-prompt-input").fill(rolePrompt);
    await page.getByTestId("vire-save").click();
    await page.getByText("VIRE created successfully!").first().waitFor();
    await eventually(() => form.getAttribute("data-mode")).toBe("edit");
    const vireId = (await form.getAttribute("data-vire-id"))!;
    expect(vireId).toBeTruthy();

    // Back in the list, the new VIRE is there with its name.
    await page.getByTestId("vire-back").click();
    const row = page.getByTestId(`vire-row-${vireId}`);
    await row.waitFor();
    expect(await row.getAttribute("data-vire-name")).toBe(name);
    expect(await row.textContent()).toContain("Billing Specialist");

    // Reopened, it kept its skill and role prompt; its Knowledge tab takes a .txt file and indexes it.
    await page.getByTestId(`vire-edit-${vireId}`).click();
    await eventually(() => form.getAttribute("data-vire-id")).toBe(vireId);
    await page.getByTestId("vire-tab-skills").click();
    expect(await skills(page)).toEqual(["Refund policy"]);
    await page.getByTestId("vire-tab-rolePrompt").click();
    expect(await page.getByTestId("vire-role-prompt-input").inputValue()).toBe(rolePrompt);
    await page.getByTestId("vire-tab-knowledge").click();
    await page.getByTestId("knowledge-choose").waitFor(); // the upload area is enabled once the knowledge base exists
    const fileName = `${uniqueName("zephyr").replace(/\s+/g, "-")}.txt`;
    await page.getByTestId("knowledge-file-input").setInputFiles({
      name: fileName,
      mimeType: "text/plain",
      buffer: Buffer.from(`Zephyr billing handbook\n\n${FACT}\nMonthly plans cannot be refunded.\n`),
    });
    await page.locator(`[data-file-name="${fileName}"][data-status="indexed"]`).waitFor({ timeout: 30_000 });
    await eventually(() => page.getByTestId("knowledge-upload").count()).toBe(0);
    const stored = await page.request.get(`/api/virtual-employees/${vireId}`);
    expect((await stored.json()).data).toMatchObject({ name, role: "Billing Specialist", agentType: "retrieval_agent", skills: ["Refund policy"], rolePrompt });

    // Deleting it (which also frees the plan slot for the next run) takes a confirmation.
    await page.getByTestId("vire-back").click();
    await page.getByTestId(`vire-delete-${vireId}`).click();
    await page.getByTestId("vire-confirm-ok").click();
    await page.getByText("VIRE deleted successfully!").first().waitFor();
    await row.waitFor({ state: "detached" });
    expect((await page.request.get(`/api/virtual-employees/${vireId}`)).status()).toBe(404);
  });

  it("a private chat with a VIRE answers from its knowledge", async () => {
    const page = alice.page;
    await page.goto("/en/home");
    await page.getByTestId("chat-list").waitFor();
    await setPlan(page, ALICE.id, "starter");
    const name = uniqueName("Penny");
    const fileName = `${uniqueName("refunds").replace(/\s+/g, "-")}.txt`;
    const vire = await createVireWithKnowledge(page, name, fileName, `Refund rules\n\n${FACT}\n`);

    // 'New chat' lists Alice's VIREs with her colleagues; picking one opens the private chat.
    await page.getByTestId("new-chat-button").click();
    await page.getByTestId("contact-picker").waitFor();
    await page.getByTestId("contact-picker-search").fill(name);
    await page.getByTestId(`contact-${vire.id}`).click();
    await page.getByTestId("contact-picker").waitFor({ state: "detached" });
    await page.waitForURL(/chatId=/);
    const chatId = new URL(page.url()).searchParams.get("chatId")!;
    await page.getByTestId(`chat-row-${chatId}`).waitFor();
    expect(await page.getByTestId(`chat-row-${chatId}`).textContent()).toContain(name);
    await waitConnected(page);
    expect(await page.getByTestId("chat-tab-agent").getAttribute("aria-selected")).toBe("true");

    const before = await replyIds(page);
    await sendText(page, "[prompt] What is the Zephyr refund window?");
    const replyId = await newReplyId(page, before);
    const text = await finishedReply(page, replyId);
    expect(text).toContain("45 days");
    expect(text).toContain(`You are ${name}, Support Specialist`);
    expect(text).toContain(`Sources: ${fileName}`);
    await page.locator('[data-update-type="tool_execution_result"]', { hasText: `Searched knowledge: 1 passage(s) from ${fileName}` }).waitFor();

    // The 'My Agent' tab answers too, privately.
    await page.getByTestId("chat-tab-askOnly").click();
    const beforeAsk = await replyIds(page);
    await sendText(page, "Hello there, Penny");
    const askId = await newReplyId(page, beforeAsk);
    expect(await finishedReply(page, askId)).toContain("Echo: Hello there, Penny");
    // Not needed any more: deleting the VIRE dissolves the private chat and frees the plan slot.
    await deleteVire(page, vire.id);
    await page.getByTestId(`chat-row-${chatId}`).waitFor({ state: "detached" });
  });
});
