import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "i18next";
import { serverMessage } from "../../../web/app/api/headers";
import { initI18n } from "../../../web/i18n";
import { serverMessageZh } from "../../../web/i18n/server-messages";
import { NAME_TEXTS, PASSWORD_TEXTS, projectLimitText } from "../../../contract";

describe("server texts in Chinese", () => {
  beforeAll(() => void initI18n("en"));
  afterEach(() => i18n.changeLanguage("en"));

  it("translates the security and validation refusals, exact and with their parts", () => {
    expect(serverMessageZh("Origin not allowed")).toBe("不允许来自此来源的请求");
    expect(serverMessageZh(PASSWORD_TEXTS.common)).toBe("该密码过于常见，请换一个不常见的密码。");
    expect(serverMessageZh(PASSWORD_TEXTS.tooShort)).toBe("密码至少需要 10 个字符");
    expect(serverMessageZh(NAME_TEXTS.bidi("Group name"))).toBe("群组名称不能包含文字方向控制字符");
    expect(serverMessageZh(NAME_TEXTS.mixedScripts("VIRE name"))).toBe("虚拟员工名称不能混用拉丁字母与西里尔或希腊字母");
  });

  it("translates the plan's project limit with the plan's Chinese name", () => {
    expect(serverMessageZh(projectLimitText("Free", 1))).toBe("项目数量已达上限：您的免费版最多支持 1 个项目。");
    expect(serverMessageZh(projectLimitText("Personal", 10))).toBe("项目数量已达上限：您的个人版最多支持 10 个项目。");
  });

  it("leaves unknown texts as they are", () => {
    expect(serverMessageZh("Something new happened")).toBe("Something new happened");
  });

  it("shows the page's language in every error the API client reads", async () => {
    await i18n.changeLanguage("zh");
    expect(serverMessage({ code: 403, message: "Origin not allowed" })).toBe("不允许来自此来源的请求");
    await i18n.changeLanguage("en");
    expect(serverMessage({ code: 403, message: "Origin not allowed" })).toBe("Origin not allowed");
  });
});
