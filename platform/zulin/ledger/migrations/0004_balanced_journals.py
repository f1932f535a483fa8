from django.db import migrations

# PostgreSQL itself refuses an unbalanced journal: a deferred constraint trigger on both
# tables checks, when the transaction commits, that each journal written has at least two
# entries and that its debits equal its credits (the schema is the trigger's own, whatever
# the search path at commit). TRUNCATE is refused like UPDATE and DELETE.
BALANCED = """
CREATE OR REPLACE FUNCTION public.ledger_journal_balanced() RETURNS trigger
LANGUAGE plpgsql AS $f$
DECLARE
    journal bigint;
    lines integer;
    debits numeric;
    credits numeric;
BEGIN
    IF TG_TABLE_NAME = 'ledger_journal' THEN
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
CREATE CONSTRAINT TRIGGER ledger_journal_balanced AFTER INSERT ON ledger_journal
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION public.ledger_journal_balanced();
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION public.ledger_journal_balanced();
CREATE TRIGGER ledger_journal_no_truncate BEFORE TRUNCATE ON ledger_journal
    FOR EACH STATEMENT EXECUTE FUNCTION public.ledger_refuse_change();
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
    FOR EACH STATEMENT EXECUTE FUNCTION public.ledger_refuse_change();
"""

UNDO = """
DROP TRIGGER ledger_entry_no_truncate ON ledger_entry;
DROP TRIGGER ledger_journal_no_truncate ON ledger_journal;
DROP TRIGGER ledger_entry_balanced ON ledger_entry;
DROP TRIGGER ledger_journal_balanced ON ledger_journal;
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_termination_fee_income")]

    operations = [migrations.RunSQL(BALANCED, UNDO)]
