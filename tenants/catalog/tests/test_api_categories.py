from apps.goods.tests.factories import saved_goods
from tenants.catalog.models import Category, PlatformGoods
from zulin.audit.models import AuditEntry


def _create(client, **body):
    answer = client.post("/api/platform/createCategory", {"name": "数码", **body})
    assert answer.ok, answer
    return answer.data


def test_categories_form_a_tree_ordered_by_sort(admin_client):
    top = _create(admin_client, name="测试顶级", sort=5)
    second = _create(admin_client, name="乙", parent_id=top["id"], sort=2)
    first = _create(admin_client, name="甲", parent_id=top["id"], sort=1)

    tree = admin_client.get("/api/platform/getCategoryList").data

    node = next(n for n in tree if n["id"] == top["id"])
    assert [c["id"] for c in node["children"]] == [first["id"], second["id"]]
    assert node["children"][0]["parent_id"] == top["id"]
    assert node["children"][0]["level"] == 2
    assert AuditEntry.objects.filter(action="category.create").count() >= 3


def test_category_depth_is_limited_to_three_levels(admin_client):
    one = _create(admin_client, name="一")
    two = _create(admin_client, name="二", parent_id=one["id"])
    three = _create(admin_client, name="三", parent_id=two["id"])

    answer = admin_client.post(
        "/api/platform/createCategory", {"name": "四", "parent_id": three["id"]}
    )

    assert answer.code == 1212


def test_update_category_renames_and_changes_icon(admin_client):
    category = _create(admin_client)

    answer = admin_client.post(
        "/api/platform/updateCategory",
        {
            "id": category["id"],
            "name": "数码产品",
            "icon": "/api/media/public/category/x.png",
            "sort": 3,
        },
    )

    assert answer.ok
    assert answer.data["name"] == "数码产品"
    assert Category.objects.get(pk=category["id"]).icon.endswith("x.png")


def test_create_category_rejects_blank_name(admin_client):
    assert admin_client.post("/api/platform/createCategory", {"name": ""}).code == 400


def test_status_and_sort_change_through_get_and_post(admin_client):
    category = _create(admin_client)

    by_get = admin_client.get(
        "/api/platform/changeCategoryStatus", {"id": category["id"], "status": 0}
    )
    by_post = admin_client.post("/api/platform/setSort", {"id": category["id"], "sort": 77})
    sort_by_get = admin_client.get("/api/platform/setSort", {"id": category["id"], "sort": 78})

    assert by_get.ok and by_get.data["status"] == 0
    assert by_post.ok and by_post.data["sort"] == 77
    assert sort_by_get.data["sort"] == 78
    assert admin_client.get("/api/platform/setSort", {"id": category["id"]}).code == 400
    assert (
        admin_client.post(
            "/api/platform/changeCategoryStatus", {"id": category["id"], "status": 5}
        ).code
        == 400
    )


def test_disabled_categories_leave_the_selections_with_their_branch(admin_client, demo_owner):
    top = _create(admin_client, name="可选顶级")
    child = _create(admin_client, name="可选子级", parent_id=top["id"])
    admin_client.get("/api/platform/changeCategoryStatus", {"id": top["id"], "status": 0})

    admin_ids = {n["value"] for n in admin_client.get("/api/platform/getCategorySelections").data}
    store = demo_owner.get("/api/platform/getCategorySelections")
    classes = {c["id"] for c in demo_owner.get("/api/platform/getGoodsClass").data}

    assert store.ok
    assert top["id"] not in admin_ids
    assert top["id"] not in {n["value"] for n in store.data}
    assert child["id"] not in classes


def test_goods_class_lists_enabled_leaves_with_their_path(admin_client):
    top = _create(admin_client, name="路径顶级")
    leaf = _create(admin_client, name="路径子级", parent_id=top["id"])

    classes = admin_client.get("/api/platform/getGoodsClass").data

    entry = next(c for c in classes if c["id"] == leaf["id"])
    assert entry["path"] == "路径顶级 / 路径子级"
    assert top["id"] not in {c["id"] for c in classes}


def test_delete_is_refused_while_children_or_goods_use_the_category(admin_client, demo_owner):
    top = _create(admin_client, name="删除顶级")
    leaf = _create(admin_client, name="删除子级", parent_id=top["id"])
    goods_id = saved_goods(demo_owner, leaf["id"])

    with_children = admin_client.get("/api/platform/deleteCategory", {"id": top["id"]})
    with_goods = admin_client.post("/api/platform/deleteCategory", {"id": leaf["id"]})

    assert with_children.code == 1202
    assert with_goods.code == 1201
    assert "1" in with_goods.msg and with_goods.data == {"goods_count": 1}

    demo_owner.post("/api/platform/deleteGood", {"id": goods_id})
    assert admin_client.post("/api/platform/deleteCategory", {"id": leaf["id"]}).ok
    assert admin_client.get("/api/platform/deleteCategory", {"id": top["id"]}).ok
    assert not Category.objects.filter(pk__in=[top["id"], leaf["id"]]).exists()


def test_plt_cate_count_counts_goods_of_every_merchant(admin_client, demo_owner, acme_owner):
    top = _create(admin_client, name="计数顶级")
    leaf = _create(admin_client, name="计数子级", parent_id=top["id"])
    saved_goods(demo_owner, leaf["id"])
    saved_goods(acme_owner, leaf["id"])

    counts = admin_client.get("/api/backend/getPltCateCount").data

    by_id = {row["category_id"]: row for row in counts}
    assert by_id[leaf["id"]]["goods_count"] == 2
    assert by_id[top["id"]]["goods_count"] == 0
    assert by_id[top["id"]]["total_count"] == 2
    assert PlatformGoods.objects.filter(category_id=leaf["id"]).count() == 2


def test_category_calls_need_the_admin_side_and_action(demo_owner, admin_client):
    assert demo_owner.get("/api/platform/getCategoryList").code == 1002
    assert demo_owner.post("/api/platform/createCategory", {"name": "x"}).code == 1002
    assert admin_client.get("/api/platform/deleteCategory", {"id": 999999}).code == 404
