import { describe, expect, it } from "vitest";
import { PROJECT_TEXTS, importedProjectName, type Organization } from "../../../contract";
import { en } from "../../../web/i18n/en";
import { zh } from "../../../web/i18n/zh";
import { classifyCreateError, matchesProject, userOrganization, validateProjectName } from "../../../web/features/workspace/projects/projectRules";

describe("project name validation (spec 03 §5)", () => {
  const text = (name: string) => {
    const error = validateProjectName(name);
    return error ? en.workspace.create[error] : null;
  };

  it("accepts letters, digits, spaces, hyphens and underscores", () => {
    expect(validateProjectName("My App_2-final")).toBeNull();
    expect(validateProjectName("a".repeat(50))).toBeNull();
  });

  it("shows the spec's exact texts", () => {
    expect(text("")).toBe("Project name is required");
    expect(text("   ")).toBe("Project name is required");
    expect(text("a".repeat(51))).toBe("Project name must be less than 50 characters");
    expect(text("my.app")).toBe("Project name can only contain letters, numbers, spaces, hyphens and underscores");
    expect(text("项目")).toBe(PROJECT_TEXTS.nameChars);
  });

  it("uses the contract's wording in English and translates it in Chinese", () => {
    expect(en.workspace.create.nameRequired).toBe(PROJECT_TEXTS.nameRequired);
    expect(en.workspace.create.nameTooLong).toBe(PROJECT_TEXTS.nameTooLong);
    expect(en.workspace.create.nameChars).toBe(PROJECT_TEXTS.nameChars);
    expect(en.workspace.create.noOrganization).toBe(PROJECT_TEXTS.noOrganization);
    expect(en.workspace.create.noCodingAgent).toBe(PROJECT_TEXTS.noCodingAgent);
    expect(en.workspace.terminalDenied).toBe(PROJECT_TEXTS.terminalDenied);
    expect(en.workspace.explorer.uploadDenied).toBe(PROJECT_TEXTS.uploadDenied);
    expect(en.workspace.services.restartDenied).toBe(PROJECT_TEXTS.restartDenied);
    expect(zh.workspace.create.nameRequired).not.toBe(en.workspace.create.nameRequired);
  });
});

describe("imported project names (spec 03 §5)", () => {
  it("turns other characters into hyphens and lowercases", () => {
    expect(importedProjectName("My.Repo Name", false)).toBe("my-repo-name");
    expect(importedProjectName("under_score-OK", false)).toBe("under_score-ok");
  });

  it("trims leading and trailing hyphens for the public host only", () => {
    expect(importedProjectName(".dotfiles.", true)).toBe("dotfiles");
    expect(importedProjectName(".dotfiles.", false)).toBe("-dotfiles-");
  });

  it("gives a name the project rules accept", () => {
    expect(validateProjectName(importedProjectName("Hello.World!", true))).toBeNull();
  });
});

describe("creation helpers", () => {
  const org = (id: string, displayName: string) => ({ id, displayName, organizationType: "own", orgType: "own" }) as Organization;

  it("locks creation to the user's organization, named from the list", () => {
    expect(userOrganization([org("w", "Work"), org("o", "Mine")], "o", null)).toEqual({ id: "o", displayName: "Mine" });
    expect(userOrganization([], "o", "From session")).toEqual({ id: "o", displayName: "From session" });
    expect(userOrganization([org("o", "Mine")], null, null)).toBeNull();
  });

  it("maps server errors to the spec's messages", () => {
    expect(classifyCreateError("Coding agent not found. Please create one first.")).toBe("noCodingAgent");
    expect(classifyCreateError("Please select an organization")).toBe("selectOrganization");
    expect(classifyCreateError("You must choose one")).toBe("selectOrganization");
    expect(classifyCreateError("Disk full")).toBe("failed");
    expect(en.workspace.create.selectOrganization).toBe("Please select an organization first!");
  });

  it("searches project name, chat name and owner name", () => {
    const project = { name: "Alpha", chatName: "Coding Session", chatOwnerName: "Dana" };
    expect(matchesProject(project, "alp")).toBe(true);
    expect(matchesProject(project, "session")).toBe(true);
    expect(matchesProject(project, "DANA")).toBe(true);
    expect(matchesProject(project, "zeta")).toBe(false);
    expect(matchesProject(project, "  ")).toBe(true);
  });

  it("keeps the spec's creation texts", () => {
    expect(en.workspace.create.created.replace("{{name}}", "x")).toBe('Project "x" created successfully!');
    expect(en.workspace.create.imported.replace("{{name}}", "x")).toBe('Project "x" imported successfully!');
    expect(en.workspace.create.creating).toBe("Creating Project");
    expect(en.workspace.create.importingGitlab).toBe("Importing GitLab Repository");
    expect(en.workspace.create.importingGithub).toBe("Importing GitHub Repository");
    expect(en.workspace.create.cloning).toBe("Cloning repository and creating project, this may take a few minutes...");
    expect(en.workspace.create.failed).toBe("Failed to create project");
    expect(en.workspace.create.importFailed).toBe("Import failed, please try again");
  });
});
