"""movegen"""
