from django.db import migrations

# The balance trigger of migration 0004 told its two tables apart by TG_TABLE_NAME. On a Citus
# worker a trigger fires on the shard, whose name is `ledger_journal_<shardid>`, so every
# posting failed at commit (issue 45, found on a Citus 13.2 run). The table is now named by the
# trigger's argument, which Citus copies to every shard with the trigger. A new function, so
# that a schema not yet migrated keeps working with the old one during `migrate_all`; the old
# function stays in public, unused once every schema has run this migration.
BY_ARGUMENT = """
CREATE OR REPLACE FUNCTION public.ledger_balance_check() RETURNS trigger
LANGUAGE plpgsql AS $f$
DECLARE
    journal bigint;
    lines integer;
    debits numeric;
    credits numeric;
BEGIN
    IF TG_NARGS <> 1 OR TG_ARGV[0] NOT IN ('journal', 'entry') THEN
        RAISE EXCEPTION 'public.ledger_balance_check() needs one argument, journal or entry';
    END IF;
    IF TG_ARGV[0] = 'journal' THEN
        journal := NEW.id;
    ELSE
        journal := NEW.journal_id;
    END IF;
    EXECUTE format(
        'SELECT count(*), coalesce(sum(amount) FILTER (WHERE side = %L), 0), '
        'coalesce(sum(amount) FILTER (WHERE side = %L), 0) '
        'FROM %I.ledger_entry WHERE journal_id = $1',
        'debit', 'credit', TG_TABLE_SCHEMA
    ) INTO lines, debits, credits USING journal;
    IF lines < 2 OR debits <> credits THEN
        RAISE EXCEPTION 'ledger journal % in % is unbalanced: % entries, debits %, credits %',
            journal, TG_TABLE_SCHEMA, lines, debits, credits
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$f$;
DROP TRIGGER ledger_journal_balanced ON ledger_journal;
DROP TRIGGER ledger_entry_balanced ON ledger_entry;
CREATE CONSTRAINT TRIGGER ledger_journal_balanced AFTER INSERT ON ledger_journal
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION public.ledger_balance_check('journal');
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION public.ledger_balance_check('entry');
"""

BY_NAME = """
DROP TRIGGER ledger_journal_balanced ON ledger_journal;
DROP TRIGGER ledger_entry_balanced ON ledger_entry;
CREATE CONSTRAINT TRIGGER ledger_journal_balanced AFTER INSERT ON ledger_journal
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION public.ledger_journal_balanced();
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION public.ledger_journal_balanced();
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0005_two_dates")]

    operations = [migrations.RunSQL(BY_ARGUMENT, BY_NAME)]
