/** Domain names for the generated response shapes, derived from paths so schema names may change freely. */
import type { ApiData, ApiBody } from './shapes';

export type SiteInfo = ApiData<'/api/platform/getSiteInfo', 'get'>;
export type LoginResult = ApiData<'/api/platform/mainLand', 'post'>;
export type LoginBody = ApiBody<'/api/platform/mainLand', 'post'>;
export type LoginUserInfo = ApiData<'/api/platform/getLoginUserInfo', 'get'>;
export type Role = LoginResult['roles'][number];
export type SessionUser = LoginResult['user'];
export type AuthEntry = LoginUserInfo['auth'][number];
export type MenuNode = LoginUserInfo['menus'][number];
export type CommonFunctionMenuEntry = ApiData<'/api/v2/getCommonFunctionMenu', 'get'>[number];
export type PrivacyPolicy = ApiData<'/api/platform/showPrivacy', 'post'>;
export type ResetPasswordBody = ApiBody<'/api/platform/resetPwd', 'post'>;
export type SendResetSmsBody = ApiBody<'/api/platform/sendResetPwdSms', 'post'>;
