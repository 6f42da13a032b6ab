import { describe, expect, it } from "vitest";
import { myReaction, reactionNames, reactionTooltip } from "../../../../web/features/chat/model/reactions";
import { translator } from "./translate";

const t = translator();

describe("reaction tooltip", () => {
  it("lists up to 3 names", () => {
    expect(reactionTooltip(["Ann"], t)).toBe("Ann");
    expect(reactionTooltip(["Ann", "Bob"], t)).toBe("Ann and Bob");
    expect(reactionTooltip(["Ann", "Bob", "Cy"], t)).toBe("Ann, Bob and Cy");
  });

  it("beyond 3, shows two names and 'N others'", () => {
    expect(reactionTooltip(["Ann", "Bob", "Cy", "Di"], t)).toBe("Ann, Bob and 2 others");
    expect(reactionTooltip(["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], t)).toBe("Ann, Bob and 4 others");
  });

  it("names anonymous reactors and finds the user's own reaction", () => {
    const reaction = {
      emoji: "🎉",
      count: 2,
      users: [
        { id: "u1", name: "Ann", isAnonymous: false },
        { id: "u2", name: "x", isAnonymous: true },
      ],
    };
    expect(reactionNames(reaction, "Anonymous")).toEqual(["Ann", "Anonymous"]);
    expect(myReaction([reaction], "u2")).toBe("🎉");
    expect(myReaction([reaction], "u3")).toBeNull();
  });
});
