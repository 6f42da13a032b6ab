import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { NAME_TEXTS, PASSWORD_TEXTS } from "../../../../contract";
import { AuthError, SIGN_IN_AFTER_SIGN_UP_FAILED } from "../../../../web/features/auth/authApi";
import { authErrorText, translateAuthMessage } from "../../../../web/features/auth/authErrors";
import { en } from "../../../../web/i18n/en";
import { zh } from "../../../../web/i18n/zh";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: "en", interpolation: { escapeValue: false } });
});

describe("auth error texts", () => {
  it("translates the known server answers", () => {
    const t = i18n.getFixedT("en");
    expect(authErrorText(new AuthError("Invalid email or password", 401, "INVALID_EMAIL_OR_PASSWORD"), t)).toBe("Invalid email or password");
    expect(authErrorText(new AuthError("Too many requests. Please try again later.", 429, null), t)).toBe("Too many requests. Please try again later.");
    expect(authErrorText(new AuthError("User already exists", 422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"), t)).toMatch(/already exists/);
    expect(authErrorText(new AuthError("Password must be at least 10 characters", 400, 400), t)).toBe("Password must be at least 10 characters");
    expect(authErrorText(new AuthError("Invalid email or password", 401, SIGN_IN_AFTER_SIGN_UP_FAILED), t)).toBe(
      "We could not sign you in. If you already have an account with this email, sign in with its password.",
    );
  });

  it("answers in Chinese", () => {
    const t = i18n.getFixedT("zh");
    expect(authErrorText(new AuthError("Invalid email or password", 401, "INVALID_EMAIL_OR_PASSWORD"), t)).toBe("邮箱或密码错误");
    expect(translateAuthMessage("Please enter a valid email address.", t)).toBe("请输入有效的邮箱地址。");
    expect(authErrorText(new AuthError("", 0, null), t)).toBe("网络错误，请检查网络连接后重试。");
    // The password policy and name rule texts the server sends (contract/password.ts, contract/names.ts).
    expect(translateAuthMessage(PASSWORD_TEXTS.common, t)).toBe("该密码过于常见，请换一个不常见的密码。");
    expect(translateAuthMessage(PASSWORD_TEXTS.personal, t)).toBe("密码不能包含你的邮箱或姓名");
    expect(translateAuthMessage(NAME_TEXTS.bidi("Name"), t)).toBe("姓名不能包含文字方向控制字符");
    expect(translateAuthMessage(NAME_TEXTS.control("Name"), t)).toBe("姓名不能包含控制字符");
    expect(translateAuthMessage(NAME_TEXTS.mixedScripts("Name"), t)).toBe("姓名不能混用拉丁字母与西里尔或希腊字母");
  });

  it("shows an unknown server message as it is", () => {
    expect(authErrorText(new AuthError("Email domain is blocked", 400, 400), i18n.getFixedT("zh"))).toBe("Email domain is blocked");
  });
});
