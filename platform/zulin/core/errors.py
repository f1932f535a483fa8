"""The error catalogue: every code the API answers with, and its message in each language.

Every failure is raised as `ApplicationError(ErrorCode.X)`; the envelope is built in
`zulin.core.envelope` only. Codes are HTTP-like where a general class fits (400, 403, 404,
405, 409, 429, 500) and four-digit numbers for domain failures; 109 is the spec's "no valid
session".
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any


class ErrorCode(IntEnum):
    OK = 200
    NO_SESSION = 109
    VALIDATION = 400
    FORBIDDEN = 403
    NOT_FOUND = 404
    METHOD_NOT_ALLOWED = 405
    CONFLICT = 409
    TOO_MANY_REQUESTS = 429
    SERVER_ERROR = 500
    UNAVAILABLE = 503
    UNKNOWN_HOST = 1001
    WRONG_SIDE = 1002
    BAD_CREDENTIALS = 1003
    ACCOUNT_DISABLED = 1004
    MERCHANT_UNAVAILABLE = 1005
    ROLE_NOT_ASSIGNED = 1006
    RESET_CODE_INVALID = 1007
    RESET_CODE_TOO_SOON = 1008
    PASSWORD_TOO_WEAK = 1009
    MALFORMED_BODY = 1010
    SLUG_TAKEN = 1011
    PROVIDER_FAILED = 1012


MESSAGES: dict[ErrorCode, tuple[str, str]] = {
    ErrorCode.OK: ("成功", "OK"),
    ErrorCode.NO_SESSION: (
        "登录已失效，请重新登录",
        "Your session is not valid; please sign in again",
    ),
    ErrorCode.VALIDATION: ("提交的数据有误", "The submitted data is not valid"),
    ErrorCode.FORBIDDEN: ("没有权限执行此操作", "You are not allowed to do this"),
    ErrorCode.NOT_FOUND: ("请求的资源不存在", "Not found"),
    ErrorCode.METHOD_NOT_ALLOWED: ("请求方法不被允许", "Method not allowed"),
    ErrorCode.CONFLICT: ("当前状态不允许此操作", "This change is not allowed in the current state"),
    ErrorCode.TOO_MANY_REQUESTS: ("操作过于频繁，请稍后再试", "Too many requests; try again later"),
    ErrorCode.SERVER_ERROR: ("服务器内部错误", "Internal server error"),
    ErrorCode.UNAVAILABLE: ("服务暂不可用", "The service is unavailable"),
    ErrorCode.UNKNOWN_HOST: ("未找到该域名对应的商户", "No merchant is served at this host"),
    ErrorCode.WRONG_SIDE: ("此接口不能在当前站点调用", "This call is not available on this side"),
    ErrorCode.BAD_CREDENTIALS: ("用户名或密码错误", "Wrong username or password"),
    ErrorCode.ACCOUNT_DISABLED: ("账号已停用", "This account is disabled"),
    ErrorCode.MERCHANT_UNAVAILABLE: (
        "商户已冻结或关闭，暂不能使用",
        "This merchant is frozen or closed",
    ),
    ErrorCode.ROLE_NOT_ASSIGNED: ("未分配该角色", "This role is not assigned to you"),
    ErrorCode.RESET_CODE_INVALID: ("验证码错误或已过期", "The code is wrong or has expired"),
    ErrorCode.RESET_CODE_TOO_SOON: (
        "验证码发送过于频繁",
        "A code was sent recently; wait a moment",
    ),
    ErrorCode.PASSWORD_TOO_WEAK: (
        "密码至少8位，且包含字母和数字",
        "The password needs at least 8 characters with letters and digits",
    ),
    ErrorCode.MALFORMED_BODY: ("请求体不是有效的JSON", "The request body is not valid JSON"),
    ErrorCode.SLUG_TAKEN: ("该标识已被占用", "This identifier is already taken"),
    ErrorCode.PROVIDER_FAILED: ("外部服务调用失败", "The outside service failed"),
}


def message_for(code: ErrorCode, language: str = "zh") -> str:
    zh, en = MESSAGES[code]
    return en if language == "en" else zh


class ApplicationError(Exception):
    """A handled failure: answered as the envelope with `code`, never as an HTTP error."""

    def __init__(
        self,
        code: ErrorCode,
        msg: str | None = None,
        *,
        data: Any = None,
        msg_en: str | None = None,
    ) -> None:
        super().__init__(msg or message_for(code))
        self.code = code
        self.custom_msg = msg
        self.custom_msg_en = msg_en
        self.data = data

    def message(self, language: str) -> str:
        if language == "en":
            return self.custom_msg_en or message_for(self.code, "en")
        return self.custom_msg or message_for(self.code, "zh")
