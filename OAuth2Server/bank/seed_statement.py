"""The seeded statements, the same data the reference backend seeds.

A line-by-line port of Sources/AdapterInMemory/BackendSeed.swift (its
statements; the accounts are in bank/seed_accounts.py): a statement of 30
items over 10 dates of February 2024 for each account, generated without
randomness, and Maria's holding the Cora seed's sample item and details.
The items and details are built here already in the wire contract's JSON
shape (docs/spec/wire-contract.md, "Routes"), so the views only serialise
them. `scripts/oauth2-server compare` checks the port against a running
reference server, field for field.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import cache

MARIA_CPF = "12345678909"
JOAO_CPF = "52998224725"
CARLA_CPF = "76626692038"

SAMPLE_ITEM_ID = "abc123def456ghi789"
SAMPLE_DETAILS_ID = "abcdef12-3456-7890-abcd-ef1234567890"


@dataclass(frozen=True)
class Bank:
    name: str
    number: str


BANCO_DO_BRASIL = Bank("Banco do Brasil", "001")
SANTANDER = Bank("Banco Santander", "033")
CAIXA = Bank("Caixa Econômica Federal", "104")
BRADESCO = Bank("Bradesco", "237")
NUBANK = Bank("Nu Pagamentos", "260")
ITAU = Bank("Itaú Unibanco", "341")
CORA = Bank("Cora SCD", "403")


@dataclass(frozen=True)
class Person:
    name: str
    document: str
    document_type: str
    bank: Bank
    agency_number: str
    agency_number_digit: str
    account_number: str
    account_number_digit: str

    def party(self):
        return {
            "bankName": self.bank.name,
            "bankNumber": self.bank.number,
            "documentNumber": self.document,
            "documentType": self.document_type,
            "accountNumberDigit": self.account_number_digit,
            "agencyNumberDigit": self.agency_number_digit,
            "agencyNumber": self.agency_number,
            "name": self.name,
            "accountNumber": self.account_number,
        }


def _check_digit(digits, weights):
    """The modulo-11 check digit shared by CPF and CNPJ."""
    remainder = sum(d * w for d, w in zip(digits, weights)) % 11
    return 0 if remainder < 2 else 11 - remainder


def _cpf(base):
    digits = [int(c) for c in base]
    first = _check_digit(digits, list(range(10, 1, -1)))
    second = _check_digit(digits + [first], list(range(11, 1, -1)))
    return f"{base}{first}{second}"


def _cnpj(base):
    digits = [int(c) for c in base]
    first = _check_digit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    second = _check_digit(digits + [first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return f"{base}{first}{second}"


def _company(name, cnpj_base, bank, agency, account):
    return Person(name, _cnpj(cnpj_base), "CNPJ", bank, agency, agency[-1:], account, account[:1])


def _individual(name, cpf_base, bank, agency, account):
    return Person(name, _cpf(cpf_base), "CPF", bank, agency, agency[:1], account, account[-1:])


MARIA = Person("Maria Silva", MARIA_CPF, "CPF", CORA, "0001", "0", "7049382", "5")
JOAO = Person("João da Silva", JOAO_CPF, "CPF", BANCO_DO_BRASIL, "2045", "3", "529982", "4")
CARLA = Person("Carla Souza", CARLA_CPF, "CPF", ITAU, "0761", "2", "766266", "9")

COUNTERPARTIES = [
    _company("Padaria Pão Quente LTDA", "123456780001", BRADESCO, "3310", "45821"),
    _individual("Ana Beatriz Rocha", "391758264", NUBANK, "0001", "8812345"),
    _company("Mercado Bom Preço LTDA", "987654320001", ITAU, "1520", "77410"),
    _individual("Pedro Henrique Alves", "284615973", CAIXA, "0455", "201934"),
    _company("Transportes Rápido S.A.", "456123780001", SANTANDER, "2290", "130077"),
    _individual("Luiza Fernandes", "615374829", BANCO_DO_BRASIL, "1208", "66531"),
    _company("Clínica Saúde Total LTDA", "741852960001", BRADESCO, "0917", "93002"),
    _company("Energia Sul Distribuidora S.A.", "321654980001", CAIXA, "3001", "500128"),
]

# (description, label, entry)
KINDS = [
    ("Compra no débito", "Compra aprovada", "DEBIT"),
    ("Transferência Pix recebida", "Pix recebido", "CREDIT"),
    ("Pagamento de boleto", "Boleto pago", "DEBIT"),
    ("Pagamento por serviços prestados", "Pagamento recebido", "CREDIT"),
    ("Transferência Pix enviada", "Pix enviado", "DEBIT"),
    ("Reembolso de despesas", "Reembolso recebido", "CREDIT"),
    ("Conta de energia", "Pagamento de conta", "DEBIT"),
    ("Depósito em conta", "Depósito recebido", "CREDIT"),
]

FEBRUARY_FIRST = datetime(2024, 2, 1, tzinfo=timezone.utc)


@dataclass(frozen=True)
class Entry:
    """A statement line and its details, which agree on id, amount, date."""

    day: str
    item: dict
    details: dict


def _february_date(day, hour, minute, second):
    moment = FEBRUARY_FIRST + timedelta(days=day - 1, hours=hour, minutes=minute, seconds=second)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _february_day(day):
    return f"2024-02-{day:02d}"


def _entry(day, item_id, description, label, entry, amount, counterparty_name, date, status, sender, recipient):
    item = {
        "id": item_id,
        "description": description,
        "label": label,
        "entry": entry,
        "amount": amount,
        "name": counterparty_name,
        "dateEvent": date,
        "status": status,
    }
    details = {
        "id": item_id,
        "description": description,
        "label": label,
        "amount": amount,
        "counterPartyName": counterparty_name,
        "dateEvent": date,
        "status": status,
        "recipient": recipient,
        "sender": sender,
    }
    return Entry(_february_day(day), item, details)


def _sample_entry(owner, counterparty):
    """The Cora seed's sample list item, verbatim."""
    return _entry(
        1, SAMPLE_ITEM_ID, "Compra de produtos eletrônicos", "Compra aprovada", "DEBIT", 150_000,
        "João da Silva", _february_date(1, 8, 15, 17), "COMPLETED", owner.party(), counterparty.party())


def _sample_details_entry():
    """The Cora seed's sample details, verbatim."""
    recipient = Person("Empresa ABC LTDA", "11223344000155", "CNPJ", Bank("Banco XYZ", "001"),
                       "1234", "7", "987654", "9")
    sender = Person("Empresa XYZ LTDA", "99887766000112", "CNPJ", Bank("Banco ABC", "002"),
                    "5678", "1", "543210", "3")
    return _entry(
        5, SAMPLE_DETAILS_ID, "Pagamento por serviços prestados", "Pagamento recebido", "CREDIT", 150_000,
        "Empresa ABC LTDA", _february_date(5, 14, 30, 45), "COMPLETED", sender.party(), recipient.party())


def _fnv1a(text):
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def _entry_id(owner_document, number):
    """A UUID-shaped id from the owner's document and the entry's number."""
    hex_text = f"{_fnv1a(f'{owner_document}#{number}#high'):016x}{_fnv1a(f'{owner_document}#{number}#low'):016x}"
    parts, rest = [], hex_text
    for length in (8, 4, 4, 4, 12):
        parts.append(rest[:length])
        rest = rest[length:]
    return "-".join(parts)


def _generated_entry(owner, tag, number, day, slot, friend):
    description, label, entry = KINDS[(number + tag) % len(KINDS)]
    if friend is not None and number % 7 == 3:
        counterparty = friend
    else:
        counterparty = COUNTERPARTIES[(number * 3 + tag) % len(COUNTERPARTIES)]
    date = _february_date(day, 9 + slot * 4 + number % 3, (number * 17 + tag * 7) % 60, (number * 29 + tag * 11) % 60)
    amount = 1_000 + (number * 37_813 + tag * 9_973) % 250_000
    status = "PENDING" if number % 11 == 7 else "COMPLETED"
    if entry == "DEBIT":
        sender, recipient = owner.party(), counterparty.party()
    else:
        sender, recipient = counterparty.party(), owner.party()
    return _entry(day, _entry_id(owner.document, number), description, label, entry, amount, counterparty.name,
                  date, status, sender, recipient)


def _generated_statement(owner, tag, days, reserved_slots, friend):
    """Three entries on each day, leaving out the slots hand-written entries take."""
    entries, number = [], 0
    for day in days:
        for slot in range(3):
            if (day, slot) in reserved_slots:
                continue
            number += 1
            entries.append(_generated_entry(owner, tag, number, day, slot, friend))
    return entries


@cache
def statement_entries(cpf):
    """Every entry of the account with this CPF, in seed order; none for another CPF."""
    if cpf == MARIA_CPF:
        return tuple([_sample_entry(MARIA, JOAO), _sample_details_entry()] + _generated_statement(
            MARIA, 1, [1, 2, 5, 6, 7, 9, 12, 13, 15, 16], {(1, 0), (5, 0)}, JOAO))
    if cpf == JOAO_CPF:
        return tuple(_generated_statement(JOAO, 2, [1, 3, 5, 8, 10, 14, 17, 20, 22, 26], set(), MARIA))
    if cpf == CARLA_CPF:
        return tuple(_generated_statement(CARLA, 3, [2, 4, 6, 9, 11, 13, 16, 19, 21, 23], set(), None))
    return ()


def statement(cpf):
    """`GET /challenge/list`: sections by day, newest first; items newest first within a day."""
    entries = statement_entries(cpf)
    days = sorted({entry.day for entry in entries}, reverse=True)
    results = [
        {
            "items": sorted((e.item for e in entries if e.day == day), key=lambda item: item["dateEvent"],
                            reverse=True),
            "date": day,
        }
        for day in days
    ]
    return {"results": results, "itemsTotal": len(entries)}


def details(cpf, entry_id):
    """`GET /challenge/details/<id>`: the entry's details, or None when the account has no such entry."""
    for entry in statement_entries(cpf):
        if entry.item["id"] == entry_id:
            return entry.details
    return None
