"""The vocabulary the platform's goods listing shares with every merchant's goods: the goods
statuses (projected as they are) and the platform's reasons for a force take-down."""

from __future__ import annotations

from django.db import models


class GoodsStatus(models.TextChoices):
    DRAFT = "draft", "草稿"
    IN_REVIEW = "in_review", "审核中"
    ON_SHELF = "on_shelf", "已上架"
    OFF_SHELF = "off_shelf", "已下架"


STATUSES = [status.value for status in GoodsStatus]

FORCE_DOWN_REASONS = {
    "prohibited": "违禁商品",
    "false_info": "商品信息虚假或与实物不符",
    "price_abnormal": "价格或租金设置异常",
    "infringement": "涉嫌侵权",
    "complaints": "用户投诉较多",
    "other": "其他原因",
}
FORCE_DOWN_REASONS_EN = {
    "prohibited": "Prohibited goods",
    "false_info": "False information or not as described",
    "price_abnormal": "Abnormal price or rent",
    "infringement": "Suspected infringement",
    "complaints": "Many customer complaints",
    "other": "Other reason",
}
