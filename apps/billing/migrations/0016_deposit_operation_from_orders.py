"""`DepositOperation` is declared in billing from here on, on the table it had in orders
(`orders_depositoperation`): state only, the database is not touched."""

import django.db.models.deletion
import django.db.models.functions.datetime
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0015_zhima_credit_order"),
        ("orders", "0015_deposit_operation_to_billing"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="DepositOperation",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "failure_reason",
                            models.CharField(blank=True, default="", max_length=300),
                        ),
                        (
                            "idempotency_key",
                            models.CharField(blank=True, default="", max_length=64),
                        ),
                        (
                            "provider_reference",
                            models.CharField(blank=True, default="", max_length=64),
                        ),
                        ("attempts", models.IntegerField(db_default=0, default=0)),
                        (
                            "last_error",
                            models.CharField(blank=True, db_default="", default="", max_length=300),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "updated_at",
                            models.DateTimeField(
                                auto_now=True, db_default=django.db.models.functions.datetime.Now()
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("freeze", "冻结"),
                                    ("thaw", "解冻"),
                                    ("transfer", "转支付"),
                                    ("refund", "退款"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("amount", models.DecimalField(decimal_places=2, max_digits=12)),
                        ("out_request_no", models.CharField(max_length=64, unique=True)),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("processing", "处理中"),
                                    ("succeeded", "成功"),
                                    ("failed", "失败"),
                                ],
                                default="processing",
                                max_length=12,
                            ),
                        ),
                        ("purpose", models.CharField(blank=True, default="", max_length=20)),
                        ("bill_ids", models.JSONField(default=list)),
                        ("actor_account_id", models.BigIntegerField(blank=True, null=True)),
                        ("confirmed_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "commission_reversed",
                            models.DecimalField(decimal_places=2, default=0, max_digits=12),
                        ),
                        (
                            "credit_amount",
                            models.DecimalField(decimal_places=2, default=0, max_digits=12),
                        ),
                        (
                            "order",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="deposit_operations",
                                to="orders.order",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "orders_depositoperation",
                        "ordering": ["-id"],
                        "constraints": [
                            models.UniqueConstraint(
                                condition=models.Q(("idempotency_key", ""), _negated=True),
                                fields=("idempotency_key",),
                                name="deposit_operation_idempotency",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
