from pathlib import Path

from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def private_root_check(*, private_root: Path, media_root: Path) -> None:
    """Private files must live outside the public media folder: the media route (and the
    proxy in production) serves everything under MEDIA_ROOT to anyone who has the path."""
    private, media = Path(private_root).resolve(), Path(media_root).resolve()
    if private == media or media in private.parents or private in media.parents:
        raise ImproperlyConfigured(
            f"PRIVATE_ROOT ({private}) must not be inside MEDIA_ROOT ({media}) or contain it"
        )


class FilesConfig(AppConfig):
    name = "zulin.files"
    label = "files"
    verbose_name = "Private files (each merchant schema, and public for the platform's)"

    def ready(self) -> None:
        private_root_check(private_root=settings.PRIVATE_ROOT, media_root=settings.MEDIA_ROOT)
