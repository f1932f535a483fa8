from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tenants.accounts"
    label = "accounts"
    verbose_name = "Accounts, roles, actions, menus and sessions (public schema)"
